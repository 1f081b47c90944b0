import HTTPTypes
import Hummingbird

/// CORS for a list of origins: matching origins get the CORS headers and preflight
/// `OPTIONS` requests are answered here; other origins get none. Added to the whole
/// router (a preflight matches no route), optionally only for the paths below one app's
/// mount, for an app's own default origins.
public struct CORSOriginMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    public let allowedOrigins: Set<String>
    public let pathPrefix: String?

    public init(allowedOrigins: [String], pathPrefix: String? = nil) {
        self.allowedOrigins = Set(allowedOrigins)
        self.pathPrefix = pathPrefix
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let pathPrefix, request.uri.path != pathPrefix, !request.uri.path.hasPrefix(pathPrefix + "/") {
            return try await next(request, context)
        }
        guard let origin = request.headers[.origin], allowedOrigins.contains(origin) || allowedOrigins.contains("*") else {
            return try await next(request, context)
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var response = Response(status: .noContent)
            apply(origin: origin, to: &response.headers)
            response.headers[.accessControlAllowMethods] = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Authorization, Content-Type, Accept, X-Request-ID, Idempotency-Key"
            response.headers[.accessControlMaxAge] = "600"
            return response
        }
        var response = try await next(request, context)
        apply(origin: origin, to: &response.headers)
        return response
    }

    private func apply(origin: String, to headers: inout HTTPFields) {
        headers[.accessControlAllowOrigin] = allowedOrigins.contains("*") ? "*" : origin
        headers[.accessControlExposeHeaders] = "X-Request-ID, Retry-After"
        headers[values: .vary] = ["Origin"]
    }
}
