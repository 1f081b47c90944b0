/// Body of `POST /api/v2/auth/refresh` (spec §2.4).
public struct RefreshRequest: Codable, Sendable, Hashable {
    public var refreshToken: String

    public init(refreshToken: String) { self.refreshToken = refreshToken }

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }
}

/// Body of `POST /api/v2/auth/logout` (spec §2.5); sent together with the bearer header.
public struct LogoutRequest: Codable, Sendable, Hashable {
    public var refreshToken: String

    public init(refreshToken: String) { self.refreshToken = refreshToken }

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }
}
