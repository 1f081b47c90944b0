import HearthCore
import HearthServer
import Hummingbird

/// The general limit (W20): per user behind a valid token, per client address otherwise.
struct PantryRateLimitMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let perUser: RateLimiter
    let perAddress: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let decision = if let userID = context.userID {
            try await perUser.consume(userID)
        } else {
            try await perAddress.consume(AddressBucket.key(for: context.clientAddress))
        }
        if case .limited(let seconds) = decision {
            throw PantryRateLimit.limited(retryAfterSeconds: seconds, type: .general)
        }
        return try await next(request, context)
    }
}
