import HearthCore

/// What a signed-in client holds: a short-lived access token, the refresh token that
/// renews it (rotated on every use), and whose they are.
public struct Credentials: Codable, Sendable, Hashable {
    public var userID: String
    public var accessToken: String
    public var refreshToken: String
    /// When the access token stops working, if the server said so.
    public var accessExpiresAt: Timestamp?

    public init(userID: String, accessToken: String, refreshToken: String, accessExpiresAt: Timestamp? = nil) {
        self.userID = userID
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessExpiresAt = accessExpiresAt
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case accessExpiresAt = "access_expires_at"
    }
}
