import Foundation
import HearthCore
import HearthStore

/// Creating a household and sharing it (spec §2.2 hardened by W7, W8, W16, W22).
struct HouseholdService: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    func create(userID: String, name: String?) async throws -> JSONValue {
        let now = clock.now
        return try await database.transaction { executor in
            guard let user = try await UserRecord.find(id: userID, in: executor, forUpdate: true) else {
                throw PantryError.notFound("User not found")
            }
            if let current = user.householdID, try await HouseholdRecord.find(id: current, in: executor) != nil {
                throw PantryError.badRequest("User already belongs to a household")
            }
            let name = name.map { String($0.prefix(100)) } ?? DefaultHouseholdName.forUser(lastName: user.lastName, email: user.email)
            let id = UUID().uuidString.lowercased()
            try await executor.execute(
                "INSERT INTO pp_households (id, name, owner_id, is_premium, timezone, change_seq, created_at) VALUES (?, ?, ?, 0, 'UTC', 0, ?)",
                [.text(id), .text(name), .text(user.id), .text(PantryTime.databaseText(now))])
            try await executor.execute("UPDATE pp_users SET household_id = ? WHERE id = ?", [.text(id), .text(user.id)])
            try await executor.execute("UPDATE pp_device_tokens SET household_id = ? WHERE user_id = ?", [.text(id), .text(user.id)])
            try await Self.logMembership("join", userID: user.id, householdID: id, now: now, in: executor)
            return ["id": .string(id), "name": .string(name), "isPremium": false]
        }
    }

    /// `PUT /api/household` (Hearth's addition): any member renames the household or sets
    /// its time zone (W23); both are logged as household changes.
    func update(userID: String, name: String?, timezone: String?) async throws -> JSONValue {
        let now = clock.now
        return try await database.transaction { executor in
            let write = try await HouseholdWrite.require(userID: userID, now: now, in: executor)
            var household = write.household
            if let name {
                let trimmed = name.trimmed
                guard (1...100).contains(trimmed.count) else { throw PantryError.invalidField("The household name must be 1 to 100 characters") }
                household.name = trimmed
            }
            if let timezone {
                guard let zone = HouseholdZone.validated(timezone) else {
                    throw PantryError.invalidField("The time zone must be an IANA name like Europe/Berlin, UTC, or an offset like +02:00")
                }
                household.timezone = zone
            }
            try await executor.execute(
                "UPDATE pp_households SET name = ?, timezone = ? WHERE id = ?", [.text(household.name), .text(household.timezone), .text(household.id)])
            try await write.log(LoggedChange(
                entityType: .household, entityID: household.id, action: .update, payload: household.snapshot(event: "rename", userID: userID)))
            return household.json(now: now)
        }
    }

    func invite(userID: String) async throws -> JSONValue {
        let now = clock.now
        return try await database.transaction { executor in
            let write = try await HouseholdWrite.require(userID: userID, now: now, in: executor)
            guard write.isPremiumActive else { throw PantryError.premiumRequired("Household sharing is a Premium feature") }
            let expires = now.adding(seconds: InviteCode.lifetimeSeconds)
            for _ in 0..<InviteCode.maxAttempts {
                let code = InviteCode.generate()
                if try await executor.queryFirst("SELECT id FROM pp_invite_codes WHERE code = ?", [.text(code)]) != nil { continue }
                try await executor.execute(
                    """
                    INSERT INTO pp_invite_codes (id, household_id, code, created_by, expires_at, expires_at_ms, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(UUID().uuidString.lowercased()), .text(write.householdID), .text(code), .text(userID),
                        .text(PantryTime.isoMillis(expires)), .init(expires), .text(PantryTime.databaseText(now)),
                    ])
                return ["code": .string(code), "expiresAt": .string(PantryTime.isoMillis(expires)), "householdName": .string(write.household.name)]
            }
            throw PantryError.conflict("Could not generate a unique invite code; try again", code: "INVITE_CODE_COLLISION")
        }
    }

    static let invalidInvite = PantryError.notFound("Invalid or expired invite code", code: "INVITE_INVALID")

    /// `GET /household/invite/:code`; the caller must be signed in (W7).
    func preview(code: String) async throws -> JSONValue {
        let now = clock.now
        return try await database.read { executor in
            guard let invite = try await Self.usableInvite(code: code, now: now, in: executor, lock: false),
                let household = try await HouseholdRecord.find(id: try invite.string("household_id"), in: executor)
            else { throw Self.invalidInvite }
            return [
                "valid": true, "householdId": .string(household.id), "householdName": .string(household.name),
                "memberCount": .int(Int64(try await HouseholdRecord.memberCount(of: household.id, in: executor))),
                "expiresAt": .string(try invite.string("expires_at")),
            ]
        }
    }

    /// Joins the household of an invite in one transaction (W7, W8); switching households
    /// is allowed, and a departing owner hands the household to its earliest member.
    func join(userID: String, code: String) async throws -> JSONValue {
        let now = clock.now
        return try await database.transaction { executor in
            guard let user = try await UserRecord.find(id: userID, in: executor, forUpdate: true) else {
                throw PantryError.notFound("User not found")
            }
            guard let invite = try await Self.usableInvite(code: code, now: now, in: executor, lock: true),
                let household = try await Self.lockInOrder(target: try invite.string("household_id"), previous: user.householdID, in: executor)
            else { throw Self.invalidInvite }
            let joined: JSONValue = ["success": true, "household": ["id": .string(household.id), "name": .string(household.name)]]
            if user.householdID == household.id { return joined }
            guard household.premium.isActive(at: now) else {
                throw PantryError.premiumRequired("Household sharing is a Premium feature")
            }
            guard try await HouseholdRecord.memberCount(of: household.id, in: executor) < FreeLimits.maxMembers else {
                throw PantryError.forbidden("This household has reached the maximum of \(FreeLimits.maxMembers) members", code: "MEMBER_LIMIT_REACHED")
            }
            guard try await executor.queryFirst(
                "UPDATE pp_invite_codes SET used_by = ?, used_at = ? WHERE id = ? AND used_by IS NULL RETURNING id",
                [.text(userID), .text(PantryTime.isoMillis(now)), .text(try invite.string("id"))]) != nil
            else { throw Self.invalidInvite }
            if let previous = user.householdID { try await Self.leave(userID: userID, householdID: previous, now: now, in: executor) }
            try await executor.execute("UPDATE pp_users SET household_id = ? WHERE id = ?", [.text(household.id), .text(userID)])
            try await executor.execute("UPDATE pp_device_tokens SET household_id = ? WHERE user_id = ?", [.text(household.id), .text(userID)])
            try await Self.logMembership("join", userID: userID, householdID: household.id, now: now, in: executor)
            return joined
        }
    }

    func members(userID: String) async throws -> JSONValue {
        try await database.read { executor in
            guard let user = try await UserRecord.find(id: userID, in: executor), let householdID = user.householdID,
                let household = try await HouseholdRecord.find(id: householdID, in: executor)
            else { throw PantryError.noHousehold }
            let members = try await executor.query(
                "SELECT \(UserRecord.columns) FROM pp_users WHERE household_id = ? ORDER BY registration_order, id", [.text(householdID)]
            ).map(UserRecord.init(row:))
            return ["members": .array(members.map { member in
                [
                    "id": .string(member.id), "email": .string(member.email), "firstName": .init(member.firstName),
                    "lastName": .init(member.lastName), "name": .string(member.displayName ?? "Member"),
                    "isOwner": .bool(member.id == household.ownerID), "createdAt": .string(member.createdAt),
                ]
            })]
        }
    }

    func invites(userID: String) async throws -> JSONValue {
        let now = clock.now
        return try await database.read { executor in
            guard let householdID = try await UserRecord.find(id: userID, in: executor)?.householdID else { throw PantryError.noHousehold }
            let rows = try await executor.query(
                """
                SELECT code, expires_at, created_at FROM pp_invite_codes
                WHERE household_id = ? AND used_by IS NULL AND expires_at_ms > ? ORDER BY created_at DESC, expires_at_ms DESC
                """, [.text(householdID), .init(now)])
            return ["invites": .array(try rows.map { row in
                ["code": .string(try row.string("code")), "expires_at": .string(try row.string("expires_at")), "created_at": .string(try row.string("created_at"))]
            })]
        }
    }

    /// An unused, unexpired invite (instants compared as instants, W7).
    static func usableInvite(code: String, now: Timestamp, in executor: any SQLExecutor, lock: Bool) async throws -> SQLRow? {
        let forUpdate = lock && executor.dialect == .postgres ? " FOR UPDATE" : ""
        return try await executor.queryFirst(
            "SELECT id, household_id, expires_at FROM pp_invite_codes WHERE code = ? AND used_by IS NULL AND expires_at_ms > ?\(forUpdate)",
            [.text(code.trimmed.uppercased()), .init(now)])
    }

    /// Locks the household being joined and the one being left in id order, so two users
    /// swapping households cannot deadlock; returns the one being joined.
    private static func lockInOrder(target: String, previous: String?, in executor: any SQLExecutor) async throws -> HouseholdRecord? {
        var joined: HouseholdRecord?
        for id in Set([target] + (previous.map { [$0] } ?? [])).sorted() {
            let household = try await HouseholdRecord.find(id: id, in: executor, forUpdate: true)
            if id == target { joined = household }
        }
        return joined
    }

    static func leave(userID: String, householdID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        guard let household = try await HouseholdRecord.find(id: householdID, in: executor, forUpdate: true) else { return }
        if household.ownerID == userID {
            let heir = try await executor.queryFirst(
                "SELECT id FROM pp_users WHERE household_id = ? AND id <> ? ORDER BY registration_order, id LIMIT 1", [.text(householdID), .text(userID)])
            try await executor.execute("UPDATE pp_households SET owner_id = ? WHERE id = ?", [.init(try heir?.string("id")), .text(householdID)])
        }
        try await logMembership("leave", userID: userID, householdID: householdID, now: now, in: executor)
    }

    static func logMembership(_ event: String, userID: String, householdID: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        guard let household = try await HouseholdRecord.find(id: householdID, in: executor) else { return }
        try await ChangeLog.append(
            LoggedChange(entityType: .household, entityID: householdID, action: .update, payload: household.snapshot(event: event, userID: userID)),
            householdID: householdID, actorUserID: userID, now: now, in: executor)
    }
}
