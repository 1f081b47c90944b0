/// Answer of `POST /api/v2/auth/refresh` (spec §2.4): a rotated token pair, no user.
/// The old refresh token is spent once this arrives.
public struct TokenPairResponse: Codable, Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    /// Always `"bearer"`.
    public var tokenType: String
    /// Access-token lifetime in seconds.
    public var expiresIn: Int

    public init(accessToken: String, refreshToken: String, tokenType: String = "bearer", expiresIn: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}
