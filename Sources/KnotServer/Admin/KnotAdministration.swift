import HearthCore
import HearthServer
import HearthStore

/// Knot's accounts for operators (`hearth admin … --app knot` and the platform's password
/// reset page): the GoTrue-compatible accounts of `knot_auth_users`.
///
/// Ending sessions deletes the account's auth sessions, so its refresh tokens stop working
/// and its access tokens are refused by the Knot API and `/auth/v1/user` at once; a
/// disabled account cannot start a new session (GoTrue's `user_banned`).
struct KnotAdministration: AccountAdministration {
    let database: any HearthDatabase
    let clock: any WallClock
    let minimumPasswordLength: Int
    let jobs: JobQueue

    init(services: AppServices, settings: KnotSettings) {
        database = services.database
        jobs = services.jobs
        clock = services.clock
        minimumPasswordLength = settings.passwordMinLength
    }

    func accounts(matching text: String?, limit: Int) async throws -> AccountListing {
        try await database.read { executor in
            var condition = "1 = 1"
            var arguments: [SQLValue] = []
            if let text {
                condition = "(LOWER(COALESCE(email, '')) LIKE ? ESCAPE '\\' OR LOWER(id) LIKE ? ESCAPE '\\')"
                arguments = Array(repeating: .text(AccountSearch.pattern(text)), count: 2)
            }
            let total = try await executor.queryFirst("SELECT COUNT(*) AS n FROM knot_auth_users WHERE \(condition)", arguments)?.int("n") ?? 0
            let rows = try await executor.query(
                "SELECT id, email, created_at FROM knot_auth_users WHERE \(condition) ORDER BY created_at DESC, id LIMIT ?",
                arguments + [SQLValue(limit)])
            return AccountListing(accounts: try rows.map(Self.administered), total: Int(total))
        }
    }

    func account(named reference: String) async throws -> AdministeredAccount? {
        let lowered = reference.lowercased()
        return try await database.read { executor in
            try await executor.queryFirst(
                "SELECT id, email, created_at FROM knot_auth_users WHERE id = ? OR email = ? ORDER BY id LIMIT 1", [.text(lowered), .text(lowered)]
            ).map(Self.administered)
        }
    }

    /// Knot's sign-up rules (at least the configured length, at most 72 bytes).
    func validateNewPassword(_ password: String) throws {
        guard password.utf8.count <= AuthRequestBody.maxPasswordBytes else {
            throw APIError.validation("Password cannot be longer than 72 characters")
        }
        guard password.unicodeScalars.count >= minimumPasswordLength else {
            throw APIError.validation("Password should be at least \(minimumPasswordLength) characters.")
        }
    }

    func setPasswordHash(_ hash: String, of userID: String) async throws {
        let now = clock.now
        try await database.transaction { executor in
            try await AuthUserStore().setPasswordHash(hash, of: userID, now: now, in: executor)
        }
    }

    func endSessions(of userID: String) async throws {
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM knot_auth_sessions WHERE user_id = ?", [.text(userID)])
        }
    }

    /// Deletes the account; its profile, vault, hints and everything else cascade.
    func deleteAccount(_ userID: String) async throws -> AccountDeletion {
        try await database.transaction { executor in
            var deletion = AccountDeletion()
            let sessions = try await executor.query("DELETE FROM knot_auth_sessions WHERE user_id = ? RETURNING id", [.text(userID)])
            if !sessions.isEmpty { deletion.add("sessions", sessions.count) }
            let removal = try await AccountRemoval(jobs: jobs).remove(userID: userID, on: executor)
            deletion.add("account", removal.removed ? 1 : 0)
            if removal.cancelledJobs > 0 { deletion.add("queued jobs", removal.cancelledJobs) }
            return deletion
        }
    }

    private static func administered(_ row: SQLRow) throws -> AdministeredAccount {
        AdministeredAccount(
            userID: try row.string("id"), email: try row.optionalString("email") ?? "", name: nil, createdAt: try row.timestamp("created_at"))
    }
}
