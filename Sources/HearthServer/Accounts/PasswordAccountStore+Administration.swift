import HearthCore
import HearthStore

extension PasswordAccountStore {
    /// The newest `limit` accounts whose email, name or user id contains `text` (ignoring
    /// case; all when `nil`), and how many matched.
    public func accounts(matching text: String?, limit: Int) async throws -> (accounts: [PasswordAccount], total: Int) {
        try await database.read { executor in
            var condition = "app = ?"
            var arguments: [SQLValue] = [.text(app)]
            if let text {
                condition += " AND (LOWER(email) LIKE ? ESCAPE '\\' OR LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(user_id) LIKE ? ESCAPE '\\')"
                arguments += Array(repeating: .text(AccountSearch.pattern(text)), count: 3)
            }
            let total = try await executor.queryFirst("SELECT COUNT(*) AS n FROM hearth_accounts WHERE \(condition)", arguments)?.int("n") ?? 0
            let rows = try await executor.query(
                """
                SELECT user_id, email, name, password_hash, created_at FROM hearth_accounts WHERE \(condition)
                ORDER BY created_at DESC, user_id LIMIT ?
                """, arguments + [SQLValue(limit)])
            let accounts = try rows.map { row in
                PasswordAccount(
                    userID: try row.string("user_id"), email: try row.string("email"), name: try row.string("name"),
                    passwordHash: try row.string("password_hash"), createdAt: try row.timestamp("created_at"))
            }
            return (accounts, Int(total))
        }
    }

    /// Deletes the account in `executor`'s transaction; `false` when there was none.
    @discardableResult
    public func delete(userID: String, in executor: any SQLExecutor) async throws -> Bool {
        try await !executor.query(
            "DELETE FROM hearth_accounts WHERE app = ? AND user_id = ? RETURNING user_id", [.text(app), .text(userID)]
        ).isEmpty
    }
}
