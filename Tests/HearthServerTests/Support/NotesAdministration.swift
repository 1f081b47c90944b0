import HearthCore
import HearthServer
import HearthStore

/// The notes test app's accounts for operators, so the platform's reset page and account
/// states can be exercised without any real app.
struct NotesAdministration: AccountAdministration {
    let services: AppServices

    func accounts(matching text: String?, limit: Int) async throws -> AccountListing {
        let rows = try await services.database.read { executor in
            try await executor.query("SELECT id, email FROM notes_users WHERE app = ? ORDER BY email", [.text(services.appName)])
        }
        let all = try rows.map { row in
            AdministeredAccount(userID: try row.string("id"), email: try row.string("email"), name: nil, createdAt: nil)
        }.filter { account in text.map { account.email.lowercased().contains($0.lowercased()) } ?? true }
        return AccountListing(accounts: Array(all.prefix(limit)), total: all.count)
    }

    func account(named reference: String) async throws -> AdministeredAccount? {
        try await accounts(matching: nil, limit: .max).accounts.first { $0.userID == reference || $0.email == reference }
    }

    func validateNewPassword(_ password: String) throws {
        guard (8...64).contains(password.count) else { throw APIError.validation("'password' must be 8 to 64 characters") }
    }

    func setPasswordHash(_ hash: String, of userID: String) async throws {
        try await services.database.transaction { executor in
            try await executor.execute(
                "UPDATE notes_users SET password_hash = ? WHERE app = ? AND id = ?", [.text(hash), .text(services.appName), .text(userID)])
        }
    }

    func deleteAccount(_ userID: String) async throws -> AccountDeletion {
        try await services.database.transaction { executor in
            try await executor.execute("DELETE FROM notes_users WHERE app = ? AND id = ?", [.text(services.appName), .text(userID)])
        }
        return AccountDeletion([.init("users", 1)])
    }
}

extension NotesTestApp {
    func administration(services: AppServices) -> (any AccountAdministration)? {
        NotesAdministration(services: services)
    }
}
