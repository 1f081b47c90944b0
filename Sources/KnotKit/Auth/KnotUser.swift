/// The signed-in account as the auth server describes it (GoTrue's User, the fields a
/// screen shows).
public struct KnotUser: Codable, Sendable, Hashable {
    public var id: String
    public var email: String?
    public var createdAt: String?
    public var emailConfirmedAt: String?
    public var lastSignInAt: String?

    public init(id: String, email: String?, createdAt: String? = nil, emailConfirmedAt: String? = nil, lastSignInAt: String? = nil) {
        self.id = id
        self.email = email
        self.createdAt = createdAt
        self.emailConfirmedAt = emailConfirmedAt
        self.lastSignInAt = lastSignInAt
    }

    enum CodingKeys: String, CodingKey {
        case id, email
        case createdAt = "created_at"
        case emailConfirmedAt = "email_confirmed_at"
        case lastSignInAt = "last_sign_in_at"
    }
}

/// What signing up led to.
public enum SignUpOutcome: Sendable, Hashable {
    /// The account exists and this client is signed in (the server confirms at once).
    case signedIn(KnotUser)
    /// The server mailed a confirmation link; sign in after following it.
    case confirmationSent(KnotUser)
}

/// Which sessions `signOut` ends (GoTrue's `scope`).
public enum SignOutScope: String, Sendable, CaseIterable {
    /// Every session of the account, on every device.
    case global
    /// This session only.
    case local
    /// Every session but this one.
    case others
}
