import HearthCore

/// One person's account of one app: who they are and the bcrypt hash of their password.
public struct PasswordAccount: Sendable, Hashable {
    public let userID: String
    /// Lower-cased; unique within the app.
    public let email: String
    public let name: String
    public let passwordHash: String
    public let createdAt: Timestamp

    /// `{"id","email","name"}`, the user object of auth answers.
    public var userJSON: JSONValue {
        ["id": .string(userID), "email": .string(email), "name": .string(name)]
    }
}
