import HearthStore

/// Where `MigrateUserData` copies a user's legacy data from (spec §4.1). A fresh server
/// has no legacy store, so the default finds nothing.
public protocol LegacyDataSource: Sendable {
    /// Copies `userID`'s legacy data inside the migration's transaction; returns the counts.
    func migrate(userID: String, appVersion: String, into sql: any SQLExecutor) async throws -> MigrationCounts
}

/// Counters of one migration (`MigrationStats`).
public struct MigrationCounts: Sendable, Hashable, Codable {
    public var events = 0, tasks = 0, guests = 0, agendas = 0, expenses = 0, vendors = 0, devices = 0

    public init() {}

    public var total: Int { events + tasks + guests + agendas + expenses + vendors + devices }
}

public struct EmptyLegacyDataSource: LegacyDataSource {
    public init() {}

    public func migrate(userID: String, appVersion: String, into sql: any SQLExecutor) async throws -> MigrationCounts {
        MigrationCounts()
    }
}
