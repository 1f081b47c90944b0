import Hummingbird

/// Errors on web pages answered as pages (the app's `error` template in the visitor's
/// language), never as the API's JSON: a refused request shows what went wrong, anything
/// unexpected a generic apology without details, which go to the log.
public struct WebErrorPages: RouterMiddleware {
    public typealias Context = HearthRequestContext
    let site: WebSite

    public init(site: WebSite) {
        self.site = site
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            // The same reading of errors as the API's (a body over the limit is a 413, …).
            let refusal = ErrorResponseMiddleware.apiError(for: error, logger: context.logger)
            let status = refusal.status.code < 500 ? refusal.status : .internalServerError
            let message = refusal.status.code < 500 ? refusal.message : nil
            if status == .internalServerError {
                context.logger.error("web page failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            }
            let language = PageLanguage.choose(profile: nil, acceptLanguage: request.headers[.acceptLanguage], supported: site.strings.languages)
            let visit = WebVisit(session: nil, language: language, formToken: "", cookies: [])
            var values: [String: Any] = ["status": Int(status.code), "server_error": status.code >= 500]
            if let message { values["message"] = message }
            return site.page("error", values, visit: visit, status: status)
        }
    }
}
