import HearthCore
import HearthServer
import HearthStore

/// Wish With Me's accounts for operators: credentials in `wwm_accounts`, the name in the
/// user's synced document, sessions on the platform's token core (so ending them needs
/// nothing of the app).
struct WishWithMeAdministration: AccountAdministration {
    let documents: DocumentStore
    let rules: WishWithMeRules

    init(services: AppServices) {
        documents = services.documents
        rules = WishWithMeRules(jobs: services.jobs)
    }

    func accounts(matching text: String?, limit: Int) async throws -> AccountListing {
        try await documents.database.read { executor in
            let name =
                executor.dialect == .postgres ? "(d.body::json ->> 'name')" : "json_extract(d.body, '$.name')"
            var condition = ""
            var arguments: [SQLValue] = [.text(documents.app)]
            if let text {
                condition = """
                    WHERE LOWER(a.email) LIKE ? ESCAPE '\\' OR LOWER(a.user_id) LIKE ? ESCAPE '\\'
                        OR LOWER(COALESCE(\(name), '')) LIKE ? ESCAPE '\\'
                    """
                arguments += Array(repeating: .text(AccountSearch.pattern(text)), count: 3)
            }
            let from = "FROM wwm_accounts a LEFT JOIN hearth_documents d ON d.app = ? AND d.id = a.user_id \(condition)"
            let total = try await executor.queryFirst("SELECT COUNT(*) AS n \(from)", arguments)?.int("n") ?? 0
            let rows = try await executor.query(
                "SELECT a.user_id, a.email, a.created_at, \(name) AS name \(from) ORDER BY a.created_at DESC, a.user_id LIMIT ?",
                arguments + [SQLValue(limit)])
            return AccountListing(accounts: try rows.map(Self.account(row:)), total: Int(total))
        }
    }

    func account(named reference: String) async throws -> AdministeredAccount? {
        try await documents.database.read { executor in
            let name =
                executor.dialect == .postgres ? "(d.body::json ->> 'name')" : "json_extract(d.body, '$.name')"
            return try await executor.queryFirst(
                """
                SELECT a.user_id, a.email, a.created_at, \(name) AS name FROM wwm_accounts a
                LEFT JOIN hearth_documents d ON d.app = ? AND d.id = a.user_id WHERE a.user_id = ? OR a.email = ?
                """, [.text(documents.app), .text(reference), .text(reference.lowercased())]
            ).map(Self.account(row:))
        }
    }

    /// Registration's rule (spec §2.2): 8 to 128 code points.
    func validateNewPassword(_ password: String) throws {
        let checked = try FieldRules(data: ["password": .string(password)]).requiredString("password", length: 1...128)
        guard checked.unicodeScalars.count >= 8 else { throw APIError.validation("'password' must be at least 8 characters") }
    }

    func setPasswordHash(_ hash: String, of userID: String) async throws {
        try await AccountStore(documents: documents, rules: rules).updatePasswordHash(hash, userID: userID)
    }

    func deleteAccount(_ userID: String) async throws -> AccountDeletion {
        try await WishWithMeAccountDeletion(rules: rules).delete(userID, from: documents)
    }

    private static func account(row: SQLRow) throws -> AdministeredAccount {
        AdministeredAccount(
            userID: try row.string("user_id"), email: try row.string("email"), name: try row.optionalString("name"),
            createdAt: try row.optionalTimestamp("created_at"))
    }
}
