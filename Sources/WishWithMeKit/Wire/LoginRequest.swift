/// Body of `POST /api/v2/auth/login` (spec §2.3).
public struct LoginRequest: Codable, Sendable, Hashable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    enum CodingKeys: String, CodingKey {
        case email, password
    }
}
