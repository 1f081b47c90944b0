import HearthCore
import HearthStore

/// A row of `pp_households`.
struct HouseholdRecord: Sendable, Hashable {
    static let columns = """
        id, name, owner_id, is_premium, premium_expires_at, premium_expires_at_ms, timezone, change_seq, last_change_ts,
        history_floor_seq, history_floor_ts, created_at
        """

    var id: String
    var name: String
    var ownerID: String?
    var isPremiumFlag: Bool
    var premiumExpiresAt: Timestamp?
    var timezone: String
    var changeSequence: Int64
    var lastChangeTime: Timestamp?
    /// The newest `seq` and time dropped from the change log by retention (0 / none: all kept).
    var historyFloorSequence: Int64
    var historyFloorTime: Timestamp?
    var createdAt: String

    init(row: SQLRow) throws {
        id = try row.string("id")
        name = try row.string("name")
        ownerID = try row.optionalString("owner_id")
        isPremiumFlag = try row.bool("is_premium")
        premiumExpiresAt = try row.optionalTimestamp("premium_expires_at_ms")
        timezone = try row.string("timezone")
        changeSequence = try row.int("change_seq")
        lastChangeTime = try row.optionalTimestamp("last_change_ts")
        historyFloorSequence = try row.int("history_floor_seq")
        historyFloorTime = try row.optionalTimestamp("history_floor_ts")
        createdAt = try row.string("created_at")
    }

    var premium: PremiumStatus { PremiumStatus(flag: isPremiumFlag, expiresAt: premiumExpiresAt) }

    /// `premiumExpiresAt` as the app parses it (no fractional seconds).
    var premiumExpiresAtText: JSONValue { premiumExpiresAt.map { .string(PantryTime.isoSeconds($0)) } ?? .null }

    /// `{id, name, isPremium (effective), premiumExpiresAt, createdAt, created_at, timezone}` (W15, W23).
    func json(now: Timestamp) -> JSONValue {
        [
            "id": .string(id), "name": .string(name), "isPremium": .bool(premium.isActive(at: now)),
            "premiumExpiresAt": premiumExpiresAtText, "createdAt": .string(createdAt), "created_at": .string(createdAt),
            "timezone": .string(timezone),
        ]
    }

    /// The change-log snapshot of a household event (W3).
    func snapshot(event: String, userID: String?) -> JSONValue {
        [
            "name": .string(name), "isPremium": .bool(isPremiumFlag), "premiumExpiresAt": premiumExpiresAtText,
            "timezone": .string(timezone), "event": .string(event), "userId": .init(userID),
        ]
    }

    static func find(id: String, in executor: any SQLExecutor, forUpdate: Bool = false) async throws -> HouseholdRecord? {
        let lock = forUpdate && executor.dialect == .postgres ? " FOR UPDATE" : ""
        return try await executor.queryFirst("SELECT \(columns) FROM pp_households WHERE id = ?\(lock)", [.text(id)])
            .map(HouseholdRecord.init(row:))
    }

    static func memberCount(of householdID: String, in executor: any SQLExecutor) async throws -> Int {
        let row = try await executor.queryFirst("SELECT COUNT(*) AS n FROM pp_users WHERE household_id = ?", [.text(householdID)])
        return Int(try row?.int("n") ?? 0)
    }
}
