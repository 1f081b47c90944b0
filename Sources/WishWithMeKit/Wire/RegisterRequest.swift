/// Body of `POST /api/v2/auth/register` (spec §2.2).
public struct RegisterRequest: Codable, Sendable, Hashable {
    public var email: String
    /// 8–128 characters.
    public var password: String
    /// 1–100 characters.
    public var name: String
    /// `"ru"` or `"en"`; the server assumes `"ru"` when omitted.
    public var locale: String?

    public init(email: String, password: String, name: String, locale: String? = nil) {
        self.email = email
        self.password = password
        self.name = name
        self.locale = locale
    }

    enum CodingKeys: String, CodingKey {
        case email, password, name, locale
    }
}
