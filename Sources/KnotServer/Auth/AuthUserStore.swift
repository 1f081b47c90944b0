import HearthCore
import HearthStore

/// Reads and writes accounts in `knot_auth_users` and `knot_auth_identities`, and keeps the
/// app's profile row (`knot_users`) beside each: created with the account, in the same
/// transaction, and given its email.
///
/// Every method runs on the executor it is given, so a route composes several of them
/// into one transaction.
struct AuthUserStore: Sendable {
    /// What a new account starts with.
    struct NewUser: Sendable {
        var email: String?
        var passwordHash: String?
        var confirmedAt: Timestamp?
        var confirmationSentAt: Timestamp?
        var userMetadata: JSONValue = [:]
        /// `email`, `apple` or `google`.
        var provider = "email"
        /// The Apple or Google `sub`; ignored for `email`, whose identity is the user id.
        var providerSubject: String?
        /// The verified claims of an Apple or Google identity.
        var providerData: JSONValue = [:]
    }

    static let userColumns =
        "id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, last_sign_in_at, app_metadata, user_metadata, created_at, updated_at"

    func user(id: String, in executor: any SQLExecutor) async throws -> AuthUser? {
        guard let row = try await executor.queryFirst("SELECT \(Self.userColumns) FROM knot_auth_users WHERE id = ?", [.text(id)]) else {
            return nil
        }
        return try await user(from: row, in: executor)
    }

    func user(email: String, in executor: any SQLExecutor) async throws -> AuthUser? {
        guard
            let row = try await executor.queryFirst(
                "SELECT \(Self.userColumns) FROM knot_auth_users WHERE email = ?", [.text(email.lowercased())])
        else { return nil }
        return try await user(from: row, in: executor)
    }

    /// The account holding the identity `provider`/`subject`.
    func user(provider: String, subject: String, in executor: any SQLExecutor) async throws -> AuthUser? {
        guard
            let row = try await executor.queryFirst(
                "SELECT user_id FROM knot_auth_identities WHERE provider = ? AND provider_id = ?", [.text(provider), .text(subject)])
        else { return nil }
        return try await user(id: try row.string("user_id"), in: executor)
    }

    /// Creates the account, its first identity and its profile (quiet hours 22–8, no time
    /// zone, notifications on); `nil` when the email is taken (by a concurrent sign-up too).
    func create(_ new: NewUser, now: Timestamp, in executor: any SQLExecutor) async throws -> AuthUser? {
        let id = AuthIDs.make()
        let providers = new.provider == "email" ? ["email"] : [new.provider]
        let appMetadata = AuthUser.appMetadata(provider: new.provider, providers: providers)
        let inserted = try await executor.queryFirst(
            """
            INSERT INTO knot_auth_users (id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, last_sign_in_at,
                app_metadata, user_metadata, is_anonymous, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 0, ?, ?) ON CONFLICT DO NOTHING RETURNING id
            """,
            [
                .text(id), SQLValue(new.email), SQLValue(new.passwordHash), SQLValue(new.confirmedAt), SQLValue(new.confirmationSentAt),
                SQLValue(json: appMetadata), SQLValue(json: new.userMetadata), SQLValue(now), SQLValue(now),
            ])
        guard inserted != nil else { return nil }
        if new.provider == "email", let email = new.email {
            try await addIdentity(
                userID: id, provider: "email", subject: id, data: AuthIdentity.emailData(userID: id, email: email, verified: new.confirmedAt != nil),
                email: email, now: now, in: executor)
        } else if let subject = new.providerSubject {
            try await addIdentity(userID: id, provider: new.provider, subject: subject, data: new.providerData, email: new.email, now: now, in: executor)
        }
        try await executor.execute(
            """
            INSERT INTO knot_users (id, email, quiet_hours_start, quiet_hours_end, timezone, notifications_enabled, created_at, updated_at)
            VALUES (?, ?, 22, 8, NULL, 1, ?, ?)
            """, [.text(id), SQLValue(new.email), SQLValue(now), SQLValue(now)])
        return try await user(id: id, in: executor)
    }

    func addIdentity(
        userID: String, provider: String, subject: String, data: JSONValue, email: String?, now: Timestamp, in executor: any SQLExecutor
    ) async throws {
        try await executor.execute(
            """
            INSERT INTO knot_auth_identities (id, user_id, provider, provider_id, identity_data, email, last_sign_in_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
            """,
            [.text(AuthIDs.make()), .text(userID), .text(provider), .text(subject), SQLValue(json: data), SQLValue(email), SQLValue(now), SQLValue(now)])
    }

    /// Adds `provider` to the account's `app_metadata.providers` (after linking an identity).
    func addProvider(_ provider: String, to user: AuthUser, now: Timestamp, in executor: any SQLExecutor) async throws {
        var providers = user.appMetadata["providers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !providers.contains(provider) else { return }
        providers.append(provider)
        var metadata = user.appMetadata.objectValue ?? [:]
        metadata["providers"] = .array(providers.map { .string($0) })
        if metadata["provider"] == nil { metadata["provider"] = .string(provider) }
        try await executor.execute(
            "UPDATE knot_auth_users SET app_metadata = ?, updated_at = ? WHERE id = ?", [SQLValue(json: .object(metadata)), SQLValue(now), .text(user.id)])
    }

    /// Marks the email confirmed (and its identity verified) unless it already was.
    func confirmEmail(of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        let rows = try await executor.query(
            "UPDATE knot_auth_users SET email_confirmed_at = ?, updated_at = ? WHERE id = ? AND email_confirmed_at IS NULL RETURNING email",
            [SQLValue(now), SQLValue(now), .text(userID)])
        guard let email = try rows.first?.optionalString("email") else { return }
        try await executor.execute(
            "UPDATE knot_auth_identities SET identity_data = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'",
            [SQLValue(json: AuthIdentity.emailData(userID: userID, email: email, verified: true)), SQLValue(now), .text(userID)])
    }

    func recordSignIn(of userID: String, provider: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        try await executor.execute("UPDATE knot_auth_users SET last_sign_in_at = ? WHERE id = ?", [SQLValue(now), .text(userID)])
        try await executor.execute(
            "UPDATE knot_auth_identities SET last_sign_in_at = ? WHERE user_id = ? AND provider = ?", [SQLValue(now), .text(userID), .text(provider)])
    }

    func setPasswordHash(_ hash: String?, of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE knot_auth_users SET encrypted_password = ?, updated_at = ? WHERE id = ?", [SQLValue(hash), SQLValue(now), .text(userID)])
    }

    func setConfirmationSent(of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE knot_auth_users SET confirmation_sent_at = ? WHERE id = ?", [SQLValue(now), .text(userID)])
    }

    func setUserMetadata(_ metadata: JSONValue, of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE knot_auth_users SET user_metadata = ?, updated_at = ? WHERE id = ?", [SQLValue(json: metadata), SQLValue(now), .text(userID)])
    }

    func setAppMetadata(_ metadata: JSONValue, of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE knot_auth_users SET app_metadata = ?, updated_at = ? WHERE id = ?", [SQLValue(json: metadata), SQLValue(now), .text(userID)])
    }

    /// Gives the account a new address (confirmed, since it was proven or an operator set
    /// it); `false` when another account holds it.
    func setEmail(_ email: String, of userID: String, now: Timestamp, in executor: any SQLExecutor) async throws -> Bool {
        if let holder = try await executor.queryFirst("SELECT id FROM knot_auth_users WHERE email = ?", [.text(email)]) {
            return try holder.string("id") == userID
        }
        try await executor.execute(
            "UPDATE knot_auth_users SET email = ?, email_confirmed_at = ?, updated_at = ? WHERE id = ?",
            [.text(email), SQLValue(now), SQLValue(now), .text(userID)])
        try await executor.execute(
            "UPDATE knot_auth_identities SET identity_data = ?, email = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'",
            [SQLValue(json: AuthIdentity.emailData(userID: userID, email: email, verified: true)), .text(email), SQLValue(now), .text(userID)])
        try await executor.execute("UPDATE knot_users SET email = ?, updated_at = ? WHERE id = ?", [.text(email), SQLValue(now), .text(userID)])
        return true
    }

    /// Deletes the account; everything of it (sessions, tokens, profile, vault) cascades.
    func delete(_ userID: String, in executor: any SQLExecutor) async throws -> Bool {
        !(try await executor.query("DELETE FROM knot_auth_users WHERE id = ? RETURNING id", [.text(userID)])).isEmpty
    }

    /// One page of accounts, newest first, and how many there are.
    func page(_ page: Int, perPage: Int, in executor: any SQLExecutor) async throws -> (users: [AuthUser], total: Int64) {
        let total = try await executor.queryFirst("SELECT COUNT(*) AS total FROM knot_auth_users")?.int("total") ?? 0
        let rows = try await executor.query(
            "SELECT \(Self.userColumns) FROM knot_auth_users ORDER BY created_at DESC, id LIMIT ? OFFSET ?",
            [.integer(Int64(perPage)), .integer(Int64((page - 1) * perPage))])
        var users: [AuthUser] = []
        for row in rows { users.append(try await user(from: row, in: executor)) }
        return (users, total)
    }

    private func user(from row: SQLRow, in executor: any SQLExecutor) async throws -> AuthUser {
        let id = try row.string("id")
        let identities = try await executor.query(
            """
            SELECT id, user_id, provider, provider_id, identity_data, email, last_sign_in_at, created_at, updated_at
            FROM knot_auth_identities WHERE user_id = ? ORDER BY created_at, id
            """, [.text(id)])
        return AuthUser(
            id: id, email: try row.optionalString("email"), passwordHash: try row.optionalString("encrypted_password"),
            emailConfirmedAt: try row.optionalTimestamp("email_confirmed_at"), confirmationSentAt: try row.optionalTimestamp("confirmation_sent_at"),
            lastSignInAt: try row.optionalTimestamp("last_sign_in_at"), appMetadata: try row.json("app_metadata"),
            userMetadata: try row.json("user_metadata"), createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            identities: try identities.map { identity in
                AuthIdentity(
                    id: try identity.string("id"), userID: try identity.string("user_id"), provider: try identity.string("provider"),
                    providerID: try identity.string("provider_id"), identityData: try identity.json("identity_data"),
                    email: try identity.optionalString("email"), lastSignInAt: try identity.optionalTimestamp("last_sign_in_at"),
                    createdAt: try identity.timestamp("created_at"), updatedAt: try identity.timestamp("updated_at"))
            })
    }
}
