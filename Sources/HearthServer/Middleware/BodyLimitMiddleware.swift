import Hummingbird

/// Refuses bodies larger than `limit` bytes with a 413 before a route reads them, and
/// caps what a route may collect to the same limit (for bodies without Content-Length).
///
/// Every 413 that passes through, whoever raised it, says `Connection: close`: the
/// server stopped reading that request's body, so the connection cannot carry another
/// request, and ``ConnectionCloseHandler`` ends it once the answer is sent.
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge(limit: limit).closingTheConnection()
        }
        var context = context
        context.maxUploadSize = min(context.maxUploadSize, limit)
        do {
            var response = try await next(request, context)
            if response.status == .contentTooLarge { response.headers[.connection] = "close" }
            return response
        } catch let error as APIError where error.status == .contentTooLarge {
            throw error.closingTheConnection()
        } catch var error as HTTPError where error.status == .contentTooLarge {
            error.headers[.connection] = "close"
            throw error
        }
    }
}

extension APIError {
    /// The same error, answered with `Connection: close`.
    func closingTheConnection() -> APIError {
        var error = self
        error.headers[.connection] = "close"
        return error
    }
}
