/// Answer of register and login (spec §2.2): the user plus a fresh token pair.
public struct AuthResponse: Codable, Sendable, Hashable {
    public var user: AccountUser
    /// A JWT, valid for ``expiresIn`` seconds.
    public var accessToken: String
    /// Opaque; exchange it at `/auth/refresh`.
    public var refreshToken: String
    /// Always `"bearer"`.
    public var tokenType: String
    public var expiresIn: Int

    public init(user: AccountUser, accessToken: String, refreshToken: String, tokenType: String = "bearer", expiresIn: Int) {
        self.user = user
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case user, accessToken = "access_token", refreshToken = "refresh_token", tokenType = "token_type"
        case expiresIn = "expires_in"
    }

    /// The token pair alone, as a refresh would return it.
    public var tokens: TokenPairResponse {
        TokenPairResponse(accessToken: accessToken, refreshToken: refreshToken, tokenType: tokenType, expiresIn: expiresIn)
    }
}
