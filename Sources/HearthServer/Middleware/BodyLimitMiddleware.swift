import Hummingbird

/// Refuses bodies larger than `limit` bytes with a 413 before a route reads them, and
/// caps what a route may collect to the same limit (for bodies without Content-Length).
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        var context = context
        context.maxUploadSize = min(context.maxUploadSize, limit)
        return try await next(request, context)
    }
}
