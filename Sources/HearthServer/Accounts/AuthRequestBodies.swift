import Foundation
import HearthCore

/// `{"email","password","name"}` of a registration.
public struct RegistrationBody: Sendable {
    public let email: String
    public let password: String
    public let name: String

    public init(_ body: JSONValue) throws {
        email = try EmailAddress.validated(try AuthField.string(body, "email", maxLength: 254))
        let password = try AuthField.string(body, "password", maxLength: 128)
        try Self.checkPassword(password)
        self.password = password
        let name = try AuthField.string(body, "name", maxLength: 100).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw APIError.validation("'name' must not be empty") }
        self.name = name
    }
}

extension RegistrationBody {
    /// The rule for a new password: 8 code points at least, 128 characters at most.
    public static func checkPassword(_ password: String) throws {
        guard password.count <= 128, password.utf8.count <= 128 * 4 else {
            throw APIError.validation("'password' must be at most 128 characters")
        }
        guard password.unicodeScalars.count >= 8 else { throw APIError.validation("'password' must be at least 8 characters") }
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
        // Characters as people count them, and bytes too: one character may carry any number
        // of combining marks.
        guard text.count <= maxLength, text.utf8.count <= maxLength * 4 else {
            throw APIError.validation("'\(key)' must be at most \(maxLength) characters")
        }
        return text
    }
}
