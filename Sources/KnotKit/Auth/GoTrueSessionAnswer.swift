import HearthClient
import HearthCore

/// The Session every successful grant answers (`access_token`, `refresh_token`,
/// `expires_in`, `expires_at`, `user`; docs/KNOT.md wire contract §2.1).
struct GoTrueSessionAnswer: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int64
    var expiresAt: Int64?
    var user: KnotUser

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in", expiresAt = "expires_at", user
    }

    /// The credentials to keep: the access token expires at `expires_at` when given, else
    /// `expires_in` seconds from `now`.
    func credentials(now: Timestamp) -> Credentials {
        let expiry = expiresAt.map { Timestamp(millisecondsSince1970: $0 * 1000) } ?? now.adding(seconds: expiresIn)
        return Credentials(userID: user.id, accessToken: accessToken, refreshToken: refreshToken, accessExpiresAt: expiry)
    }
}
