import Foundation
import GRDB
import HearthClient
import HearthCore

/// This device's copy of the household's pantry, on SQLite through GRDB, with the queue of
/// changes waiting for the server.
///
/// Guarantees:
/// - an optimistic local write and the action that carries it to the server are saved in
///   one transaction;
/// - a page of pulled changes is applied together with the cursor after it;
/// - a pulled change never overwrites an entity that still has a queued action.
public final class PantryStore: Sendable {
    let database: DatabasePool
    let clock: any WallClock

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    public init(path: String, clock: any WallClock = SystemWallClock()) throws {
        database = try LocalDatabase.openPool(path: path, migrator: PantryStoreMigrations.migrator)
        self.clock = clock
    }

    // MARK: State

    public func state(_ key: PantryStateKey) throws -> String? {
        try database.read { db in try Self.state(db, key) }
    }

    public func setState(_ key: PantryStateKey, _ value: String?) throws {
        try database.write { db in try Self.setState(db, key, value) }
    }

    static func state(_ db: Database, _ key: PantryStateKey) throws -> String? {
        try LocalDatabase.value(db, in: "state", key: key.rawValue)
    }

    static func setState(_ db: Database, _ key: PantryStateKey, _ value: String?) throws {
        try LocalDatabase.setValue(db, in: "state", key: key.rawValue, value)
    }

    /// The household as last reported by the server.
    public func household() throws -> Household? {
        try database.read { db in try Self.household(db) }
    }

    static func household(_ db: Database) throws -> Household? {
        guard let text = try state(db, .household) else { return nil }
        return try? JSONValueDecoder().decode(Household.self, from: Array(text.utf8))
    }

    public func setHousehold(_ household: Household?) throws {
        try database.write { db in try Self.setHousehold(db, household) }
    }

    static func setHousehold(_ db: Database, _ household: Household?) throws {
        let text = try household.map { String(decoding: try JSONValueEncoder().encodeToBytes($0), as: UTF8.self) }
        try setState(db, .household, text)
    }

    /// Stores the household the server reports. Another household than the one held here
    /// (joined or left on another device) makes the local copy and the queue the old
    /// household's: the server would apply queued requests to the new one, so they are
    /// dropped (logged as refused) together with the old data, in one transaction.
    /// Returns whether the household changed.
    @discardableResult
    func adoptHousehold(_ household: Household?) throws -> Bool {
        try database.write { db in
            let known = try Self.household(db)
            let switched = known != nil && known?.id != household?.id
            if switched {
                try Self.discardQueue(db, reason: "Not sent: this account is in another household now", at: clock.now)
                try Self.eraseHouseholdData(db)
            }
            try Self.setHousehold(db, household)
            return switched
        }
    }

    /// The feed position after the last applied change; `nil` before the first full sync.
    public func cursor() throws -> Int64? {
        try state(.cursor).flatMap { Int64($0) }
    }

    /// The upgrade screen the last refused action asked for, until dismissed.
    public func paywall() throws -> PaywallState? {
        guard let text = try state(.paywall) else { return nil }
        return try? JSONValueDecoder().decode(PaywallState.self, from: Array(text.utf8))
    }

    public func dismissPaywall() throws { try setState(.paywall, nil) }

    // MARK: Erasing

    /// Forgets the household's data and the feed position (a switch of household). The
    /// queue and the account stay.
    public func eraseHouseholdData() throws {
        try database.write { db in try Self.eraseHouseholdData(db) }
    }

    static func eraseHouseholdData(_ db: Database) throws {
        for table in ["products", "inventory", "locations", "grocery"] { try db.execute(sql: "DELETE FROM \(table)") }
        for key in [PantryStateKey.cursor, .household, .needsFullSync, .paywall] { try setState(db, key, nil) }
    }

    /// Forgets everything: data, queue, rejections and state (sign-out, another account).
    public func erase() throws {
        try database.write { db in
            for table in ["products", "inventory", "locations", "grocery", "pending_actions", "rejections", "state"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}

/// Named values of the store's `state` table.
public struct PantryStateKey: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let accountUserID = PantryStateKey(rawValue: "account_user_id")
    public static let household = PantryStateKey(rawValue: "household")
    public static let cursor = PantryStateKey(rawValue: "cursor")
    /// Set when local state may disagree with the server (a refused action was undone only
    /// locally); the next pull replaces the household's data from `sync/full`.
    public static let needsFullSync = PantryStateKey(rawValue: "needs_full_sync")
    public static let paywall = PantryStateKey(rawValue: "paywall")
    public static let lastSyncAt = PantryStateKey(rawValue: "last_sync_at")
    public static let lastError = PantryStateKey(rawValue: "last_error")
}
