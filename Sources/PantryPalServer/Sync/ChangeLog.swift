import Foundation
import HearthCore
import HearthStore

/// One entry of a household's change log (`pp_sync_log`).
struct LoggedChange: Sendable, Hashable {
    enum EntityType: String, Sendable, CaseIterable {
        case inventory, product, location, grocery, checkout, household
    }

    enum Action: String, Sendable, CaseIterable {
        case create, update, delete
    }

    var entityType: EntityType
    var entityID: String
    var action: Action
    /// The entity's snapshot after the change (the last one for a delete).
    var payload: JSONValue
}

/// Appends to a household's change log, in the caller's transaction (spec W1, W3).
///
/// Each entry takes `seq = change_seq + 1` and `server_ts = max(now, previous + 1 ms)`, so
/// both are strictly increasing per household. The `UPDATE` of the household row holds
/// its lock (PostgreSQL) until the transaction ends; on SQLite the single writer does.
enum ChangeLog {
    struct Appended: Sendable, Hashable {
        var seq: Int64
        var serverTime: Timestamp
    }

    @discardableResult
    static func append(
        _ change: LoggedChange, householdID: String, actorUserID: String?, now: Timestamp,
        clientTimestamp: String? = nil, in executor: any SQLExecutor
    ) async throws -> Appended {
        let nowMilliseconds = now.millisecondsSince1970
        guard
            let row = try await executor.queryFirst(
                """
                UPDATE pp_households SET change_seq = change_seq + 1,
                    last_change_ts = CASE WHEN last_change_ts IS NULL OR last_change_ts < ? THEN ? ELSE last_change_ts + 1 END
                WHERE id = ? RETURNING change_seq, last_change_ts
                """,
                [.integer(nowMilliseconds), .integer(nowMilliseconds), .text(householdID)])
        else { throw StoreError.unexpectedValue(column: "pp_households.id", expected: "an existing household") }
        let seq = try row.int("change_seq")
        let serverTime = try row.timestamp("last_change_ts")
        try await executor.execute(
            """
            INSERT INTO pp_sync_log (id, household_id, seq, entity_type, entity_id, action, payload, client_timestamp,
                                     server_timestamp, server_ts, synced, actor_user_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(UUID().uuidString.lowercased()), .text(householdID), .integer(seq), .text(change.entityType.rawValue),
                .text(change.entityID), .text(change.action.rawValue), .text(change.payload.serializedString()),
                .text(clientTimestamp ?? PantryTime.databaseText(serverTime)), .text(PantryTime.databaseText(serverTime)),
                .text(PantryTime.isoMillis(serverTime)), .init(clientTimestamp != nil), .init(actorUserID),
            ])
        return Appended(seq: seq, serverTime: serverTime)
    }
}
