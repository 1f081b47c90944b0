import HearthCore
import HearthStore

/// Imports the original's change log (`sync_log`) as spec W1 prescribes for a migration:
/// each household's entries get `seq` in their original order (`server_timestamp`, then
/// insertion order) and `server_ts` = the stored second + 999 ms, so a device still
/// holding a cursor from the original server is sent the entries of its cursor's second
/// again rather than missing any. The household's counter and high-water mark follow.
enum ChangeLogImport {
    private struct Entry {
        var id: String
        var householdID: String
        var entityType: String
        var entityID: String
        var action: String
        var payload: String?
        var clientTimestamp: String
        var serverTimestamp: String
        var synced: Bool
        /// `server_timestamp` read as an instant.
        var time: Timestamp
        var rowNumber: Int64
    }

    private struct Position {
        var seq: Int64
        var lastTime: Timestamp?
        /// Just after the household's last entry before this run: imported entries come
        /// after it, so a cursor Hearth already handed out still sees them.
        var floor: Timestamp?
    }

    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let present = try await target.existing("pp_sync_log", among: rows.compactMap { try? OriginalRowFields($0).id() })
        var entries: [Entry] = []
        for row in rows {
            let fields = OriginalRowFields(row)
            do throws(ImportRefusal) {
                let id = try fields.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.changeLog, id)
                    continue
                }
                entries.append(try entry(fields, id: id, ledger: ledger))
            } catch {
                ledger.refused(.changeLog, fields.originalID, error.reason)
            }
        }
        var positions: [String: Position] = [:]
        let households = Set(entries.map(\.householdID)).sorted()
        for row in try await target.rows("pp_households", selecting: "id, change_seq, last_change_ts", where: "id", among: households) {
            let last = try row.optionalTimestamp("last_change_ts")
            positions[try row.string("id")] = Position(seq: try row.int("change_seq"), lastTime: last, floor: last?.adding(milliseconds: 1))
        }
        let ordered = entries.sorted { ($0.householdID, $0.time, $0.rowNumber) < ($1.householdID, $1.time, $1.rowNumber) }
        for entry in ordered {
            var position = positions[entry.householdID] ?? Position(seq: 0, lastTime: nil, floor: nil)
            // The stored second's last millisecond, never before an earlier entry.
            let milliseconds = entry.time.millisecondsSince1970
            var serverTime = Timestamp(millisecondsSince1970: milliseconds - mod(milliseconds, 1000) + 999)
            for bound in [position.floor, position.lastTime].compactMap({ $0 }) { serverTime = max(serverTime, bound) }
            position.seq += 1
            position.lastTime = serverTime
            positions[entry.householdID] = position
            try await target.executor.execute(
                """
                INSERT INTO pp_sync_log (id, household_id, seq, entity_type, entity_id, action, payload, client_timestamp,
                                         server_timestamp, server_ts, synced, actor_user_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
                """,
                [
                    .text(entry.id), .text(entry.householdID), .integer(position.seq), .text(entry.entityType), .text(entry.entityID),
                    .text(entry.action), .init(entry.payload), .text(entry.clientTimestamp), .text(entry.serverTimestamp),
                    .text(PantryTime.isoMillis(serverTime)), .init(entry.synced),
                ])
            ledger.imported(.changeLog, entry.id)
        }
        for householdID in households {
            guard let position = positions[householdID] else { continue }
            try await target.executor.execute(
                "UPDATE pp_households SET change_seq = ?, last_change_ts = ? WHERE id = ? AND change_seq < ?",
                [.integer(position.seq), .init(position.lastTime), .text(householdID), .integer(position.seq)])
        }
    }

    private static func entry(_ fields: OriginalRowFields, id: String, ledger: ImportLedger) throws(ImportRefusal) -> Entry {
        let householdID = try fields.id("household_id")
        try ledger.requireAccepted(.households, householdID, column: "household_id")
        let entityType = try fields.requiredText("entity_type", limit: 32)
        guard LoggedChange.EntityType(rawValue: entityType) != nil else { throw ImportRefusal("entity_type '\(entityType)' is not one PantryPal logs") }
        let action = try fields.requiredText("action", limit: 32)
        guard LoggedChange.Action(rawValue: action) != nil else { throw ImportRefusal("action '\(action)' is not create, update or delete") }
        let entityID = try fields.requiredText("entity_id", limit: OriginalRowFields.maxIDLength)
        guard let time = try fields.instant("server_timestamp") else { throw ImportRefusal("server_timestamp is missing") }
        let storedTime = try fields.text("server_timestamp", limit: 64) ?? PantryTime.databaseText(time)
        return Entry(
            id: id, householdID: householdID, entityType: entityType, entityID: entityID, action: action,
            payload: try fields.text("payload", limit: 100_000), clientTimestamp: try fields.text("client_timestamp", limit: 64) ?? storedTime,
            serverTimestamp: storedTime, synced: fields.flag("synced") ?? false, time: time, rowNumber: fields.rowNumber)
    }

    private static func mod(_ value: Int64, _ divisor: Int64) -> Int64 { ((value % divisor) + divisor) % divisor }
}
