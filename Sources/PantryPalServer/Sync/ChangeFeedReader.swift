import Foundation
import HearthCore
import HearthStore

/// Reads a household's change log for `GET /sync/changes` (spec §2.8 hardened by W1, W2).
///
/// Two modes: Hearth's `cursor` (rows after a sequence number, paged) and the original
/// app's `since` (rows at or after an instant, millisecond precision, inclusive; more than
/// 100 make the app fall back to a full sync, so nothing is lost).
struct ChangeFeedReader: Sendable {
    static let legacyPageSize = 100
    static let defaultLimit = 500
    static let maxLimit = 1000
    static let columns = "id, household_id, seq, entity_type, entity_id, action, payload, client_timestamp, server_timestamp, server_ts, synced"

    enum Position: Sendable, Hashable {
        case cursor(Int64, limit: Int)
        case since(Timestamp)
    }

    static func position(cursor: String?, since: String?, limit: String?) throws -> Position {
        if let cursor {
            guard let value = Int64(cursor), value >= 0 else { throw PantryError.invalidField("cursor must be a whole number") }
            var pageSize = defaultLimit
            if let limit {
                guard let value = Int(limit), value > 0 else { throw PantryError.invalidField("limit must be a positive whole number") }
                pageSize = min(value, maxLimit)
            }
            return .cursor(value, limit: pageSize)
        }
        guard let since, !since.isEmpty else { return .since(Timestamp(millisecondsSince1970: 0)) }
        // An unencoded `+00:00` arrives as a space.
        guard let time = PantryTime.parseInstant(since) ?? PantryTime.parseInstant(since.replacingOccurrences(of: " ", with: "+")) else {
            throw PantryError.invalidField("since must be an ISO 8601 time")
        }
        return .since(time)
    }

    func read(householdID: String, at position: Position, now: Timestamp, in executor: any SQLExecutor) async throws -> JSONValue {
        guard let household = try await HouseholdRecord.find(id: householdID, in: executor) else { throw PantryError.noHousehold }
        let highWater = household.lastChangeTime
        switch position {
        case .cursor(let cursor, let limit):
            let rows = try await executor.query(
                "SELECT \(Self.columns) FROM pp_sync_log WHERE household_id = ? AND seq > ? ORDER BY seq LIMIT \(limit + 1)",
                [.text(householdID), .integer(cursor)])
            let page = Array(rows.prefix(limit))
            let last = try page.last?.int("seq") ?? min(cursor, household.changeSequence)
            return [
                "changes": .array(try page.map(Self.json)), "cursor": .int(last), "hasMore": .bool(rows.count > limit),
                "resetRequired": .bool(cursor > household.changeSequence || cursor < household.historyFloorSequence),
                "serverTime": .string(PantryTime.isoMillis((highWater ?? now).adding(milliseconds: 1))),
            ]
        case .since(let since):
            if let floor = household.historyFloorTime, since < floor {
                return ["changes": .array(Self.resetRows(now: now)), "serverTime": .string(PantryTime.isoMillis(now)), "hasMore": true]
            }
            let rows = try await executor.query(
                "SELECT \(Self.columns) FROM pp_sync_log WHERE household_id = ? AND server_ts >= ? ORDER BY seq LIMIT \(Self.legacyPageSize + 1)",
                [.text(householdID), .text(PantryTime.isoMillis(since))])
            let hasMore = rows.count > Self.legacyPageSize
            let next: Timestamp
            if !hasMore, let last = rows.last, let time = PantryTime.parseInstant(try last.string("server_ts")) {
                next = time.adding(milliseconds: 1)
            } else {
                next = (highWater ?? Timestamp(millisecondsSince1970: 0)).adding(milliseconds: highWater == nil ? 0 : 1)
            }
            var body: [String: JSONValue] = ["changes": .array(try rows.map(Self.json)), "serverTime": .string(PantryTime.isoMillis(next))]
            if hasMore { body["hasMore"] = true }
            return .object(body)
        }
    }

    /// W1: a `since` older than the retained history gets 101 rows of a type the app
    /// ignores; it counts them first, so it falls back to a full sync.
    static func resetRows(now: Timestamp) -> [JSONValue] {
        let row: JSONValue = [
            "entity_type": "reset", "entity_id": "reset", "action": "update", "payload": "{}",
            "client_timestamp": .string(PantryTime.databaseText(now)),
        ]
        return Array(repeating: row, count: legacyPageSize + 1)
    }

    /// A log row as the original sent it (`payload` a JSON string), plus `seq` and `server_ts`.
    static func json(_ row: SQLRow) throws -> JSONValue {
        [
            "id": .string(try row.string("id")), "household_id": .string(try row.string("household_id")),
            "seq": .int(try row.int("seq")), "entity_type": .string(try row.string("entity_type")),
            "entity_id": .string(try row.string("entity_id")), "action": .string(try row.string("action")),
            "payload": .init(try row.optionalString("payload")), "client_timestamp": .string(try row.string("client_timestamp")),
            "server_timestamp": .string(try row.string("server_timestamp")), "server_ts": .string(try row.string("server_ts")),
            "synced": .int(try row.int("synced")),
        ]
    }
}
