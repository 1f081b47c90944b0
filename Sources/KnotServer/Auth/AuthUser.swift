import Foundation
import HearthCore

/// One account of Knot's auth (`knot_auth_users`) with its identities.
struct AuthUser: Sendable, Hashable {
    var id: String
    /// Lower-cased; `nil` for an Apple account whose token carried no address.
    var email: String?
    var passwordHash: String?
    var emailConfirmedAt: Timestamp?
    var confirmationSentAt: Timestamp?
    var lastSignInAt: Timestamp?
    /// `{"provider": …, "providers": […]}`.
    var appMetadata: JSONValue
    /// What the app stored (`data` of sign-up, `PUT /user`); an object.
    var userMetadata: JSONValue
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var identities: [AuthIdentity]

    var isConfirmed: Bool { emailConfirmedAt != nil }

    /// GoTrue's User object (research doc §2.2): every key both SDKs require, unset
    /// timestamps omitted, `identities` always an array.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "aud": "authenticated", "role": "authenticated", "email": .string(email ?? ""), "phone": "",
            "app_metadata": appMetadata, "user_metadata": userMetadata, "identities": .array(identities.map(\.json)),
            "created_at": .string(AuthTime.format(createdAt)), "updated_at": .string(AuthTime.format(updatedAt)),
            "is_anonymous": false,
        ]
        if let emailConfirmedAt {
            object["email_confirmed_at"] = .string(AuthTime.format(emailConfirmedAt))
            object["confirmed_at"] = .string(AuthTime.format(emailConfirmedAt))
        }
        if let confirmationSentAt { object["confirmation_sent_at"] = .string(AuthTime.format(confirmationSentAt)) }
        if let lastSignInAt { object["last_sign_in_at"] = .string(AuthTime.format(lastSignInAt)) }
        return .object(object)
    }

    /// The body GoTrue answers a sign-up for an address that is already confirmed when
    /// confirmations are on: a made-up user, so the answer does not reveal the account.
    static func decoy(email: String, metadata: JSONValue, now: Timestamp) -> AuthUser {
        AuthUser(
            id: AuthIDs.make(), email: email, passwordHash: nil, emailConfirmedAt: nil, confirmationSentAt: now, lastSignInAt: nil,
            appMetadata: AuthUser.appMetadata(provider: "email", providers: ["email"]), userMetadata: metadata, createdAt: now,
            updatedAt: now, identities: [])
    }

    static func appMetadata(provider: String, providers: [String]) -> JSONValue {
        ["provider": .string(provider), "providers": .array(providers.map { .string($0) })]
    }
}

/// One way of signing in to an account (`knot_auth_identities`): its email, or an Apple
/// or Google subject.
struct AuthIdentity: Sendable, Hashable {
    var id: String
    var userID: String
    var provider: String
    /// The user id for `email`, the token's `sub` for Apple and Google.
    var providerID: String
    var identityData: JSONValue
    var email: String?
    var lastSignInAt: Timestamp?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    /// GoTrue's identity object (research doc §2.3).
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(providerID), "identity_id": .string(id), "user_id": .string(userID), "provider": .string(provider),
            "identity_data": identityData, "created_at": .string(AuthTime.format(createdAt)),
            "updated_at": .string(AuthTime.format(updatedAt)),
        ]
        if let email { object["email"] = .string(email) }
        if let lastSignInAt { object["last_sign_in_at"] = .string(AuthTime.format(lastSignInAt)) }
        return .object(object)
    }

    /// `identity_data` of an email identity (GoTrue `provider.Claims` of a sign-up).
    static func emailData(userID: String, email: String, verified: Bool) -> JSONValue {
        ["sub": .string(userID), "email": .string(email), "email_verified": .bool(verified), "phone_verified": false]
    }
}

/// A signed-in session (`knot_auth_sessions`) and how it was started.
struct AuthSession: Sendable, Hashable {
    var id: String
    var userID: String
    /// Newest first; a refresh never adds one (research doc §4).
    var methods: [AuthMethod]
}

/// One `amr` entry: how and when the session was authenticated.
struct AuthMethod: Sendable, Hashable {
    var method: String
    var timestamp: Int64

    static let password = "password"
    static let otp = "otp"
    static let oauth = "oauth"
    static let magicLink = "magiclink"
    static let emailSignup = "email/signup"
    static let emailChange = "email_change"
    static let recovery = "recovery"

    var json: JSONValue { ["method": .string(method), "timestamp": .int(timestamp)] }

    init(method: String, timestamp: Int64) {
        self.method = method
        self.timestamp = timestamp
    }

    init?(_ value: JSONValue) {
        guard let method = value["method"]?.stringValue, let timestamp = value["timestamp"]?.intValue else { return nil }
        self.init(method: method, timestamp: timestamp)
    }
}

/// Ids of auth rows: lower-case UUID text, Hearth's convention on both engines.
enum AuthIDs {
    static func make() -> String { UUID().uuidString.lowercased() }
}
