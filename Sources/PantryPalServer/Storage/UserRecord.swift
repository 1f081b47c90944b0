import Foundation
import HearthCore
import HearthStore

/// A row of `pp_users`.
struct UserRecord: Sendable, Hashable {
    static let columns = "id, email, email_normalized, password_hash, first_name, last_name, household_id, apple_id, token_version, created_at"

    var id: String
    var email: String
    var passwordHash: String?
    var firstName: String?
    var lastName: String?
    var householdID: String?
    var appleID: String?
    var tokenVersion: Int64
    var createdAt: String

    init(row: SQLRow) throws {
        id = try row.string("id")
        email = try row.string("email")
        passwordHash = try row.optionalString("password_hash")
        firstName = try row.optionalString("first_name")
        lastName = try row.optionalString("last_name")
        householdID = try row.optionalString("household_id")
        appleID = try row.optionalString("apple_id")
        tokenVersion = try row.int("token_version")
        createdAt = try row.string("created_at")
    }

    /// `{id, email, firstName, lastName, householdId}` (absent names → `""`).
    var json: JSONValue {
        [
            "id": .string(id), "email": .string(email), "firstName": .string(firstName ?? ""),
            "lastName": .string(lastName ?? ""), "householdId": householdID.map(JSONValue.string) ?? .null,
        ]
    }

    /// "first last" trimmed, or `nil` when both are blank.
    var displayName: String? {
        let name = [firstName ?? "", lastName ?? ""].joined(separator: " ").trimmed
        return name.isEmpty ? nil : name
    }

    /// Inserts a new user; `registration_order` keeps members in sign-up order even when
    /// two sign up in the same second (member lists, ownership hand-over).
    static func insert(
        email: String, passwordHash: String?, firstName: String?, lastName: String?, appleID: String?, now: Timestamp,
        in executor: any SQLExecutor
    ) async throws -> UserRecord {
        let id = UUID().uuidString.lowercased()
        let time = PantryTime.databaseText(now)
        try await executor.execute(
            """
            INSERT INTO pp_users (id, email, email_normalized, password_hash, first_name, last_name, apple_id, token_version,
                                  registration_order, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, (SELECT COALESCE(MAX(registration_order), 0) + 1 FROM pp_users), ?, ?)
            """,
            [
                .text(id), .text(email), .text(normalizedEmail(email)), .init(passwordHash), .init(firstName), .init(lastName),
                .init(appleID), .text(time), .text(time),
            ])
        guard let user = try await find(id: id, in: executor) else {
            throw StoreError.unexpectedValue(column: "pp_users.id", expected: "the new user")
        }
        return user
    }

    /// E-mails are unique ignoring case and surrounding blanks (W24).
    static func normalizedEmail(_ email: String) -> String { email.trimmed.lowercased() }

    /// With `forUpdate` the row stays locked until the transaction ends (PostgreSQL; SQLite
    /// has one writer), so two requests of one user cannot both act on what they read.
    static func find(id: String, in executor: any SQLExecutor, forUpdate: Bool = false) async throws -> UserRecord? {
        let lock = forUpdate && executor.dialect == .postgres ? " FOR UPDATE" : ""
        return try await executor.queryFirst("SELECT \(columns) FROM pp_users WHERE id = ?\(lock)", [.text(id)]).map(UserRecord.init(row:))
    }

    static func find(normalizedEmail: String, in executor: any SQLExecutor) async throws -> UserRecord? {
        try await executor.queryFirst("SELECT \(columns) FROM pp_users WHERE email_normalized = ?", [.text(normalizedEmail)])
            .map(UserRecord.init(row:))
    }
}
