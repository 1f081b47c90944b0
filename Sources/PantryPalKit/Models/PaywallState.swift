import HearthCore

/// Why the app should show its upgrade screen: the free tier's row limit was hit, or the
/// household needs premium (shared household without premium, lapsed premium).
public struct PaywallState: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        case limitReached = "LIMIT_REACHED"
        case premiumRequired = "PREMIUM_REQUIRED"
    }

    public var reason: Reason
    public var message: String
    /// The limit the server named, when it named one.
    public var limit: Int?
    public var at: Timestamp

    public init(reason: Reason, message: String, limit: Int? = nil, at: Timestamp) {
        self.reason = reason
        self.message = message
        self.limit = limit
        self.at = at
    }
}
