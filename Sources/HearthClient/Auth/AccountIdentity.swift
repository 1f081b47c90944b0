/// `{"id","email","name"}`: who an account is.
public struct AccountIdentity: Codable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var name: String

    public init(id: String, email: String, name: String) {
        self.id = id
        self.email = email
        self.name = name
    }
}

/// The answer of register, login and refresh.
struct PasswordSignInAnswer: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var user: AccountIdentity

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in", user
    }
}
