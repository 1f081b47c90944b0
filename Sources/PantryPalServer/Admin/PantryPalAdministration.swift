import HearthCore
import HearthServer
import HearthStore

/// PantryPal's accounts for operators: `pp_users`, and the sessions behind every token
/// (`pp_sessions`), which end with the user's token version.
struct PantryPalAdministration: AccountAdministration {
    let database: any HearthDatabase
    let clock: any WallClock
    let sessions: SessionStore

    init(services: AppServices) {
        database = services.database
        clock = services.clock
        sessions = SessionStore(database: services.database, tokens: PantryTokens(key: services.appSigningKey, clock: services.clock))
    }

    func accounts(matching text: String?, limit: Int) async throws -> AccountListing {
        try await database.read { executor in
            var condition = ""
            var arguments: [SQLValue] = []
            if let text {
                condition = """
                    WHERE LOWER(email) LIKE ? ESCAPE '\\' OR LOWER(id) LIKE ? ESCAPE '\\'
                        OR LOWER(COALESCE(first_name, '') || ' ' || COALESCE(last_name, '')) LIKE ? ESCAPE '\\'
                    """
                arguments = Array(repeating: .text(AccountSearch.pattern(text)), count: 3)
            }
            let total = try await executor.queryFirst("SELECT COUNT(*) AS n FROM pp_users \(condition)", arguments)?.int("n") ?? 0
            let users = try await executor.query(
                "SELECT \(UserRecord.columns) FROM pp_users \(condition) ORDER BY registration_order DESC, id LIMIT ?",
                arguments + [SQLValue(limit)]
            ).map(UserRecord.init(row:))
            return AccountListing(accounts: users.map(Self.administered), total: Int(total))
        }
    }

    func account(named reference: String) async throws -> AdministeredAccount? {
        try await database.read { executor in
            try await executor.queryFirst(
                "SELECT \(UserRecord.columns) FROM pp_users WHERE id = ? OR email_normalized = ?",
                [.text(reference), .text(UserRecord.normalizedEmail(reference))]
            ).map { Self.administered(try UserRecord(row: $0)) }
        }
    }

    /// Registration's rule (spec §2.1): 8 to 128 characters.
    func validateNewPassword(_ password: String) throws {
        guard (8...128).contains(password.count) else { throw APIError.validation("Password must be 8 to 128 characters long") }
    }

    func setPasswordHash(_ hash: String, of userID: String) async throws {
        let now = clock.now
        try await database.transaction { executor in
            try await executor.execute(
                "UPDATE pp_users SET password_hash = ?, updated_at = ? WHERE id = ?",
                [.text(hash), .text(PantryTime.databaseText(now)), .text(userID)])
        }
    }

    /// Every session is revoked and the token version moves on, so every token stops.
    func endSessions(of userID: String) async throws {
        try await sessions.revokeAll(userID: userID)
    }

    func deleteAccount(_ userID: String) async throws -> AccountDeletion {
        try await PantryPalAccountDeletion(database: database, clock: clock).delete(userID)
    }

    private static func administered(_ user: UserRecord) -> AdministeredAccount {
        AdministeredAccount(
            userID: user.id, email: user.email, name: user.displayName, createdAt: PantryTime.parseInstant(user.createdAt))
    }
}
