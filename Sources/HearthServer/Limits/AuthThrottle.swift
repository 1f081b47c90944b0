import HearthCore
import Hummingbird

/// The two throttles of auth routes: per client address (as middleware) and per account
/// (called by a handler once it knows the account, e.g. the email of a login).
public struct AuthThrottle: Sendable {
    public let perAddress: RateLimiter
    public let perAccount: RateLimiter

    public init(perAddress: RateLimiter, perAccount: RateLimiter) {
        self.perAddress = perAddress
        self.perAccount = perAccount
    }

    /// Throws a 429 with `Retry-After` when `account` has used up its attempts.
    public func checkAccount(_ account: String) async throws {
        if case .limited(let seconds) = try await perAccount.consume(account.lowercased()) {
            throw APIError.rateLimited(retryAfterSeconds: seconds)
        }
    }

    /// Middleware throttling every request of a route group by client address.
    public var addressMiddleware: AuthAddressThrottleMiddleware {
        AuthAddressThrottleMiddleware(limiter: perAddress)
    }
}

public struct AuthAddressThrottleMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    let limiter: RateLimiter

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if case .limited(let seconds) = try await limiter.consume(AddressBucket.key(for: context.clientAddress)) {
            throw APIError.rateLimited(retryAfterSeconds: seconds)
        }
        return try await next(request, context)
    }
}
