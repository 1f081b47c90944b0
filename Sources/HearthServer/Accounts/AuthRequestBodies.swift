import HearthCore

/// `{"email","password","name"}` of a registration.
public struct RegistrationBody: Sendable {
    public let email: String
    public let password: String
    public let name: String

    public init(_ body: JSONValue) throws {
        email = try EmailAddress.validated(try AuthField.string(body, "email", maxLength: 254))
        let password = try AuthField.string(body, "password", maxLength: 128)
        guard password.unicodeScalars.count >= 8 else { throw APIError.validation("'password' must be at least 8 characters") }
        self.password = password
        let name = try AuthField.string(body, "name", maxLength: 100).trimmingWhitespace
        guard !name.isEmpty else { throw APIError.validation("'name' must not be empty") }
        self.name = name
    }
}

/// `{"email","password"}` of a sign-in.
public struct SignInBody: Sendable {
    public let email: String
    public let password: String

    public init(_ body: JSONValue) throws {
        email = try EmailAddress.validated(try AuthField.string(body, "email", maxLength: 254))
        password = try AuthField.string(body, "password", maxLength: 4096)
    }
}

/// `{"refresh_token": "…"}` of a refresh or a sign-out.
public struct RefreshTokenBody: Sendable {
    public let refreshToken: String

    public init(_ body: JSONValue) throws {
        refreshToken = try AuthField.string(body, "refresh_token", maxLength: 512)
        guard !refreshToken.isEmpty else { throw APIError.validation("'refresh_token' must not be empty") }
    }
}

enum AuthField {
    static func string(_ body: JSONValue, _ key: String, maxLength: Int) throws -> String {
        guard body.objectValue != nil else { throw APIError.validation("The body must be a JSON object") }
        guard let value = body[key] else { throw APIError.validation("'\(key)' is required") }
        guard let text = value.stringValue else { throw APIError.validation("'\(key)' must be a string") }
        guard text.count <= maxLength else { throw APIError.validation("'\(key)' must be at most \(maxLength) characters") }
        return text
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

/// A syntactically valid address (no deliverability check), lower-cased.
public enum EmailAddress {
    public static func validated(_ text: String) throws -> String {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.count >= 3, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"()<>,;:\\\"[]".unicodeScalars.contains($0) })
        else { throw APIError.validation("'email' is not a valid email address") }
        return text.lowercased()
    }
}

/// The answer of a sign-in or refresh: a token pair, optionally with the user.
public struct TokenPairResponse: Sendable {
    public let accessToken: String
    public let refreshToken: String
    public let expiresIn: Int64
    public let user: JSONValue?

    public init(accessToken: String, refreshToken: String, expiresIn: Int64, user: JSONValue?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.user = user
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "access_token": .string(accessToken), "refresh_token": .string(refreshToken), "token_type": "bearer",
            "expires_in": .int(expiresIn),
        ]
        if let user { object["user"] = user }
        return .object(object)
    }
}
