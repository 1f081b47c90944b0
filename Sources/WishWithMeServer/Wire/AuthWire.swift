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
        let password = try fields.requiredString("password", length: 1...128)
        guard password.unicodeScalars.count >= 8 else { throw APIError.validation("'password' must be at least 8 characters") }
        self.password = password
        name = try fields.requiredString("name", length: 1...100)
        let locale = try fields.optionalString("locale", maxLength: 2) ?? "ru"
        guard ["ru", "en"].contains(locale) else { throw APIError.validation("'locale' must be ru or en") }
        self.locale = locale
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

/// Access and refresh token pair, optionally with the user (spec §2.2, §2.4).
struct TokenResponse {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int64
    let user: JSONValue?

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "access_token": .string(accessToken), "refresh_token": .string(refreshToken), "token_type": "bearer",
            "expires_in": .int(expiresIn),
        ]
        if let user { object["user"] = user }
        return .object(object)
    }
}

/// A syntactically valid address (no deliverability check), lower-cased.
enum EmailAddress {
    static func validated(_ text: String) throws -> String {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"()<>,;:\\\"[]".unicodeScalars.contains($0) })
        else { throw APIError.validation("'email' is not a valid email address") }
        return text.lowercased()
    }
}
