import HearthCore
import HearthServer

/// `POST /api/v2/auth/register` (spec §2.2).
struct RegisterRequest {
    let email: String
    let password: String
    let name: String
    let locale: String

    init(_ body: JSONValue) throws {
        let fields = FieldRules(data: body)
        email = try EmailAddress.validated(fields.requiredString("email", length: 3...254))
        password = try Self.checkedPassword(try fields.requiredString("password", length: 1...128))
        name = try fields.requiredString("name", length: 1...100)
        let locale = try fields.optionalString("locale", maxLength: 2) ?? "ru"
        guard ["ru", "en"].contains(locale) else { throw APIError.validation("'locale' must be ru or en") }
        self.locale = locale
    }

    /// The rule for a new password, at registration and when changing it: 8 to 128 characters.
    static func checkedPassword(_ password: String) throws -> String {
        guard password.unicodeScalars.count >= 8 else { throw APIError.validation("'password' must be at least 8 characters") }
        guard password.count <= 128 else { throw APIError.validation("'password' must be at most 128 characters") }
        return password
    }
}

/// `POST /api/v2/auth/login` (spec §2.3).
struct LoginRequest {
    let email: String
    let password: String

    init(_ body: JSONValue) throws {
        let fields = FieldRules(data: body)
        email = try EmailAddress.validated(fields.requiredString("email", length: 3...254))
        password = try fields.requiredString("password", length: 0...4096)
    }
}

/// `{"refresh_token": "…"}` of refresh and logout.
struct RefreshTokenRequest {
    let refreshToken: String

    init(_ body: JSONValue) throws {
        refreshToken = try FieldRules(data: body).requiredString("refresh_token", length: 1...512)
    }
}
