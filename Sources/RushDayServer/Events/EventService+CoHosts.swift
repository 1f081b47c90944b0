import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Co-hosts (spec §4.3): only the owner invites and manages them (§9 decision 3); a
/// co-host may leave.
extension EventService {
    static let maxCoHostEntries = 20

    static func accessRole(_ value: String, _ field: String) throws(RPCError) -> CoHostEntry.AccessRole {
        guard let role = CoHostEntry.AccessRole(rawValue: value) else { throw RPCFailure.invalid(field, "must be admin or viewer") }
        return role
    }

    func shareEvent(request: Rushday_V1_ShareEventRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let name = try FieldRules.text(request.name, "name", 1...100)
        let role = try request.hasAccessRole ? Self.accessRole(request.accessRole, "access_role") : .admin
        let now = clock.now
        let access = try await database.transaction { sql in
            guard var access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.isOwner else { throw RPCFailure.denied("only the owner can invite co-hosts") }
            guard access.entries.count < Self.maxCoHostEntries else {
                throw RPCFailure.exhausted("an event has at most \(Self.maxCoHostEntries) co-host entries")
            }
            let entry = CoHostEntry(
                secret: CoHostSecret.make(), eventID: eventID, position: (access.entries.map(\.position).max() ?? -1) + 1, name: name,
                accessRole: role, invitedAt: now)
            try await sql.execute(
                """
                INSERT INTO rd_cohosts (secret, event_id, position, name, access_role, accepted, user_id, invited_at, accepted_at)
                VALUES (?, ?, ?, ?, ?, 0, NULL, ?, NULL)
                """,
                [.text(entry.secret), .text(eventID), SQLValue(entry.position), .text(name), .text(role.rawValue), SQLValue(now)])
            access.entries.append(entry)
            return access
        }
        return components.view.message(access, callerID: caller.userID)
    }

    func acceptSharedEvent(request: Rushday_V1_AcceptSharedEventRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let secret = try FieldRules.id(request.secret, "secret")
        let now = clock.now
        let (access, newlyJoined) = try await database.transaction { sql in
            guard let row = try await sql.queryFirst("SELECT \(CoHostEntry.columns) FROM rd_cohosts WHERE secret = ?", [.text(secret)]),
                case let entry = try CoHostEntry(row: row),
                let event = try await EventStore.event(entry.eventID, sql), !event.isAIDraft
            else { throw RPCFailure.notFound("co-host invitation") }
            if event.ownerID == caller.userID { throw RPCFailure.precondition("cannot co-host your own event") }
            if entry.accepted {
                guard entry.userID == caller.userID else { throw RPCFailure.precondition("this co-host invitation was already used") }
            } else {
                let entries = try await EventStore.entries(of: event.id, sql)
                if entries.contains(where: { $0.grants(caller.userID) }) {
                    throw RPCFailure.precondition("you already co-host this event")
                }
                // Single use even when two callers race: only one update finds the entry pending.
                let claimed = try await sql.query(
                    "UPDATE rd_cohosts SET accepted = 1, user_id = ?, accepted_at = ? WHERE secret = ? AND accepted = 0 RETURNING secret",
                    [.text(caller.userID), SQLValue(now), .text(secret)])
                guard !claimed.isEmpty else { throw RPCFailure.precondition("this co-host invitation was already used") }
            }
            guard let access = try await EventStore.access(event.id, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            return (access, !entry.accepted)
        }
        if newlyJoined, let owner = access.event.ownerID {
            await components.notifier.notify("co_host_joined", eventID: access.event.id, to: [owner], gatedByShare: true)
        }
        return components.view.message(access, callerID: caller.userID)
    }

    func removeSharedUser(request: Rushday_V1_RemoveSharedUserRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let secret = try FieldRules.id(request.secret, "secret")
        let (access, removed) = try await database.transaction { sql in
            guard var access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard let entry = access.entries.first(where: { $0.secret == secret }) else { throw RPCFailure.notFound("co-host") }
            let leaving = entry.grants(caller.userID)
            guard access.role.isOwner || leaving else { throw RPCFailure.denied("only the owner can remove other co-hosts") }
            try await sql.execute("DELETE FROM rd_cohosts WHERE secret = ? AND event_id = ?", [.text(secret), .text(eventID)])
            // The co-host's conversations about the event leave with them (§4.3).
            if entry.accepted, let userID = entry.userID { try await ChatStore.deleteAll(eventID: eventID, userID: userID, sql) }
            access.entries.removeAll { $0.secret == secret }
            return (access, entry)
        }
        if access.role.isOwner, removed.accepted, let userID = removed.userID {
            await components.notifier.notify("co_host_removed", eventID: eventID, to: [userID], gatedByShare: false)
        }
        var message = components.view.message(access, callerID: caller.userID)
        if !access.role.isOwner {
            // A co-host who left sees the event without its co-host list.
            message.shared = []
            message.callerRole = ""
        }
        return message
    }

    func updateSharedUser(request: Rushday_V1_UpdateSharedUserRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let secret = try FieldRules.id(request.secret, "secret")
        let role = try Self.accessRole(request.accessRole, "access_role")
        let access = try await database.transaction { sql in
            guard var access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard let index = access.entries.firstIndex(where: { $0.secret == secret }) else { throw RPCFailure.notFound("co-host") }
            guard access.role.isOwner else { throw RPCFailure.denied("only the owner can change co-host roles") }
            try await sql.execute(
                "UPDATE rd_cohosts SET access_role = ? WHERE secret = ? AND event_id = ?", [.text(role.rawValue), .text(secret), .text(eventID)])
            access.entries[index].accessRole = role
            return access
        }
        return components.view.message(access, callerID: caller.userID)
    }
}
