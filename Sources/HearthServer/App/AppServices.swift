import HearthCore
import HearthStore
import Logging

/// Everything the platform hands one app, scoped to it (its documents, its token
/// audience, its job queue). Passed explicitly; there are no globals.
public struct AppServices: Sendable {
    public let appName: String
    public let configuration: ServerConfiguration
    public let database: any HearthDatabase
    public let documents: DocumentStore
    public let clock: any WallClock
    public let accessTokens: AccessTokens
    public let refreshTokens: RefreshTokens
    public let passwords: PasswordHasher
    /// Where this server counts rate limits: shared by every process on PostgreSQL.
    public let rateLimits: any RateLimitStore
    public let jobs: JobQueue
    public let feedHub: FeedHub
    public let logger: Logger
    /// The server's metrics registry (rendered at `/metrics`), for an app's own metrics.
    public let metrics: ServerMetrics
    /// A 32-byte key of this app alone, derived from the server's signing secret (HKDF,
    /// info `hearth-app:<name>`), for apps that sign tokens of their own shape.
    public let appSigningKey: [UInt8]

    /// A limit of this app named `name` (scoped to the app, so apps never share buckets).
    public func rateLimiter(_ name: String, limit: Int, windowSeconds: Int) -> RateLimiter {
        RateLimiter(name: "\(appName).\(name)", rule: RateLimitRule(limit: limit, windowSeconds: windowSeconds), store: rateLimits, clock: clock)
    }

    /// The auth routes' limits per client address and per account, per minute.
    public var authThrottle: AuthThrottle {
        AuthThrottle(
            perAddress: rateLimiter("auth-per-address", limit: configuration.authRequestsPerMinutePerAddress, windowSeconds: 60),
            perAccount: rateLimiter("auth-per-account", limit: configuration.authRequestsPerMinutePerAccount, windowSeconds: 60))
    }

    /// Requires a valid access token of this app, of an enabled account and a session not
    /// ended, on the routes it is added to.
    public var requireAccessToken: BearerAuthMiddleware {
        BearerAuthMiddleware(tokens: accessTokens, app: appName, states: accountStates)
    }

    /// What operators decided about this server's accounts (disabled, sessions ended).
    public var accountStates: AccountStates {
        AccountStates(database: database, clock: clock)
    }
}
