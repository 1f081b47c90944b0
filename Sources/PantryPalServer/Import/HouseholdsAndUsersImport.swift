import HearthCore
import HearthStore

/// Imports the original's households and users together, since each refers to the other
/// (a user's household, a household's owner).
///
/// Users keep their id, e-mail, names, Apple subject and password hash exactly (Hearth
/// verifies a plain bcrypt hash and replaces it with its own on the next sign-in).
/// Hearth's rules: e-mails are unique ignoring case, so of two original accounts whose
/// e-mails differ only in case the older is imported and the newer refused; an owner who
/// is no longer a member of their household hands it to its earliest member, as when an
/// owner leaves in Hearth (a household without members keeps no owner).
enum HouseholdsAndUsersImport {
    private struct Household {
        var id: String
        var name: String?
        var ownerID: String?
        var isPremium: Bool
        var premiumExpiresAt: Timestamp?
        var premiumExpiryText: String?
        var createdAt: String
    }

    private struct User {
        var id: String
        var email: String
        var passwordHash: String?
        var firstName: String?
        var lastName: String?
        var householdID: String?
        var appleID: String?
        var createdAt: String
        var updatedAt: String
    }

    static func run(households householdRows: [SQLRow], users userRows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger)
        async throws
    {
        let households = try await acceptHouseholds(householdRows, into: target, ledger: &ledger)
        let users = try await acceptUsers(userRows, into: target, ledger: &ledger)
        let usersByID = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for household in households {
            let owner = chooseOwner(of: household, users: users, ledger: &ledger)
            let ownerRecord = household.ownerID.flatMap { usersByID[$0] }
            let name = household.name ?? DefaultHouseholdName.forUser(lastName: ownerRecord?.lastName, email: ownerRecord?.email ?? "")
            try await target.executor.execute(
                """
                INSERT INTO pp_households (id, name, owner_id, is_premium, premium_expires_at, premium_expires_at_ms, timezone,
                                           change_seq, created_at)
                VALUES (?, ?, ?, ?, ?, ?, 'UTC', 0, ?)
                """,
                [
                    .text(household.id), .text(name), .init(owner), .init(household.isPremium), .init(household.premiumExpiryText),
                    .init(household.premiumExpiresAt), .text(household.createdAt),
                ])
        }
        let order = try await target.executor.queryFirst("SELECT COALESCE(MAX(registration_order), 0) AS top FROM pp_users")
        var registrationOrder = try order?.int("top") ?? 0
        for user in users {
            registrationOrder += 1
            try await target.executor.execute(
                """
                INSERT INTO pp_users (id, email, email_normalized, password_hash, first_name, last_name, household_id, apple_id,
                                      token_version, registration_order, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
                """,
                [
                    .text(user.id), .text(user.email), .text(UserRecord.normalizedEmail(user.email)), .init(user.passwordHash),
                    .init(user.firstName), .init(user.lastName), .init(user.householdID), .init(user.appleID),
                    .integer(registrationOrder), .text(user.createdAt), .text(user.updatedAt),
                ])
        }
    }

    /// The households to insert; the others are recorded as present or refused.
    private static func acceptHouseholds(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws -> [Household] {
        let present = try await target.existing("pp_households", among: rows.compactMap { try? OriginalRowFields($0).id() })
        var accepted: [Household] = []
        for row in rows {
            let fields = OriginalRowFields(row)
            do throws(ImportRefusal) {
                let id = try fields.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.households, id)
                    continue
                }
                var household = Household(
                    id: id, name: nil, ownerID: try fields.optionalID("owner_id"), isPremium: fields.flag("is_premium") ?? false,
                    premiumExpiresAt: nil, premiumExpiryText: nil, createdAt: try fields.storedTime("created_at", fallback: target.nowText))
                if let name = try fields.text("name", limit: .max)?.trimmed, !name.isEmpty {
                    household.name = String(name.prefix(100))
                    if name.count > 100 { ledger.adjusted(.households, id, "name shortened to 100 characters, as Hearth does") }
                } else {
                    ledger.adjusted(.households, id, "name is blank; given the default name, as Hearth names a household created without one")
                }
                if household.isPremium, let expiry = try fields.text("premium_expires_at", limit: 64)?.trimmed, !expiry.isEmpty {
                    // The original compared with `new Date(…)`: a value it could not read meant "expired".
                    if let time = PantryTime.parseInstant(expiry) {
                        household.premiumExpiresAt = time
                        household.premiumExpiryText = PantryTime.isoSeconds(time)
                    } else {
                        household.isPremium = false
                        ledger.adjusted(.households, id, "premium expiry '\(expiry)' is not a date; imported without Premium, as the original treated it")
                    }
                }
                ledger.imported(.households, id)
                accepted.append(household)
            } catch {
                ledger.refused(.households, fields.originalID, error.reason)
            }
        }
        return accepted
    }

    /// The users to insert (oldest first); the others are recorded as present or refused.
    private static func acceptUsers(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws -> [User] {
        let ids = rows.compactMap { try? OriginalRowFields($0).id() }
        for row in try await target.rows("pp_users", selecting: "id, household_id", where: "id", among: ids) {
            if let household = try row.optionalString("household_id") { ledger.userHouseholds[try row.string("id")] = household }
        }
        let present = try await target.existing("pp_users", among: ids)
        let emails = rows.compactMap { try? OriginalRowFields($0).text("email", limit: 254).map(UserRecord.normalizedEmail) }
        var emailOwners = try await owners(of: emails, column: "email_normalized", target: target)
        var appleOwners = try await owners(of: rows.compactMap { try? OriginalRowFields($0).optionalID("apple_id") }, column: "apple_id", target: target)
        var accepted: [User] = []
        let oldestFirst = rows.map(OriginalRowFields.init).sorted { left, right in
            let leftTime = (try? left.text("created_at")) ?? ""
            let rightTime = (try? right.text("created_at")) ?? ""
            return (leftTime, left.rowNumber) < (rightTime, right.rowNumber)
        }
        for fields in oldestFirst {
            do throws(ImportRefusal) {
                let id = try fields.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.users, id)
                    continue
                }
                let user = try user(fields, id: id, target: target, emailOwners: emailOwners, appleOwners: appleOwners, ledger: &ledger)
                emailOwners[UserRecord.normalizedEmail(user.email)] = id
                if let appleID = user.appleID { appleOwners[appleID] = id }
                if let household = user.householdID { ledger.userHouseholds[id] = household }
                ledger.imported(.users, id)
                accepted.append(user)
            } catch {
                ledger.refused(.users, fields.originalID, error.reason)
            }
        }
        return accepted
    }

    private static func user(
        _ fields: OriginalRowFields, id: String, target: ImportTarget, emailOwners: [String: String], appleOwners: [String: String],
        ledger: inout ImportLedger
    ) throws(ImportRefusal) -> User {
        guard let email = try fields.text("email", limit: 254)?.trimmed, email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@")
        else { throw ImportRefusal("e-mail \(OriginalRowFields.describe(fields.row["email"])) is not a valid e-mail address") }
        if let other = emailOwners[UserRecord.normalizedEmail(email)] {
            throw ImportRefusal("e-mail \(email) is already used by account \(other) (Hearth compares e-mails ignoring case)")
        }
        let appleID = try fields.optionalID("apple_id")
        if let appleID, let other = appleOwners[appleID] {
            throw ImportRefusal("Apple ID \(appleID) is already linked to account \(other)")
        }
        var householdID = try fields.optionalID("household_id")
        if let household = householdID {
            do throws(ImportRefusal) {
                try ledger.requireAccepted(.households, household, column: "household_id")
            } catch {
                ledger.adjusted(.users, id, "\(error.reason); imported without a household")
                householdID = nil
            }
        }
        return User(
            id: id, email: email, passwordHash: try fields.text("password_hash"), firstName: try fields.text("first_name"),
            lastName: try fields.text("last_name"), householdID: householdID, appleID: appleID,
            createdAt: try fields.storedTime("created_at", fallback: target.nowText),
            updatedAt: try fields.storedTime("updated_at", fallback: target.nowText))
    }

    /// The original owner if still a member, else the earliest member, else none.
    private static func chooseOwner(of household: Household, users: [User], ledger: inout ImportLedger) -> String? {
        let members = users.filter { ledger.userHouseholds[$0.id] == household.id }
        if let owner = household.ownerID, members.contains(where: { $0.id == owner }) { return owner }
        guard let heir = members.first else { return nil }
        let former = household.ownerID.map { "owner \($0) is not a member of it" } ?? "it has no owner"
        ledger.adjusted(.households, household.id, "\(former); ownership passes to \(heir.id), its earliest member")
        return heir.id
    }

    /// Which Hearth user holds each of `values` in `column`.
    private static func owners(of values: [String], column: String, target: ImportTarget) async throws -> [String: String] {
        var owners: [String: String] = [:]
        for row in try await target.rows("pp_users", selecting: "id, \(column)", where: column, among: values) {
            owners[try row.string(column)] = try row.string("id")
        }
        return owners
    }
}
