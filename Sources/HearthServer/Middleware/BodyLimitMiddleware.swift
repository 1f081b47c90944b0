import Hummingbird

/// Refuses bodies larger than `limit` bytes with a 413 before a route reads them, and
/// caps what a route may collect to the same limit (for bodies without Content-Length).
///
/// Every 413 that passes through, whoever raised it, is marked for closing: the server
/// stopped handling that request's body, so the connection cannot carry another request,
/// and ``ConnectionCloseHandler`` answers `Connection: close` once the body has been
/// discarded, then ends the connection.
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
            if response.status == .contentTooLarge { response.headers[ConnectionCloseHandler.closeMark] = "1" }
            return response
        } catch let error as APIError where error.status == .contentTooLarge {
            throw error.closingTheConnection()
        } catch var error as HTTPError where error.status == .contentTooLarge {
            error.headers[ConnectionCloseHandler.closeMark] = "1"
            throw error
        }
    }
}

extension APIError {
    /// The same error, its connection closed once it is answered.
    func closingTheConnection() -> APIError {
        var error = self
        error.headers[ConnectionCloseHandler.closeMark] = "1"
        return error
    }
}
