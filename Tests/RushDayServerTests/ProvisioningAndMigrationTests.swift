import GRPCCore
import HearthCore
import HearthStore
import HearthTesting
import RushDayProto
import Synchronization
import Testing

@testable import RushDayServer

/// Spec §2.2 auto-provisioning under concurrency, and §4.1's migration when the legacy
/// source fails.
@Suite struct ProvisioningAndMigrationTests {
    /// Fails until told otherwise.
    final class FlakyLegacySource: LegacyDataSource {
        let failing = Mutex(true)

        func migrate(userID: String, appVersion: String, into sql: any SQLExecutor) async throws -> MigrationCounts {
            struct Unreachable: Error {}
            if failing.withLock({ $0 }) { throw Unreachable() }
            var counts = MigrationCounts()
            counts.events = 2
            counts.devices = 1
            return counts
        }
    }

    @Test(arguments: TestEngine.available)
    func parallelFirstCallsAllSeeTheSameProvisionedUser(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let auth = try await rd.auth(.bob)
            let users = try await withThrowingTaskGroup(of: Rushday_V1_User.self) { group in
                for _ in 0..<8 { group.addTask { try await rd.users.getCurrentUser(.init(), metadata: auth) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(users.count == 8)
            #expect(Set(users.map(\.createdAt)).count == 1)
            #expect(Set(users.map(\.id)) == ["user-b"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aFailingLegacySourceWritesNoStatusSoTheClientMayRetry(engine: TestEngine) async throws {
        let source = FlakyLegacySource()
        try await RushDayHarness.run(engine, legacyData: source) { rd in
            var request = Rushday_V1_MigrateUserDataRequest()
            request.appVersion = "3.0"
            let failed = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann))
            #expect(!failed.success)
            #expect(!failed.alreadyMigrated)
            source.failing.withLock { $0 = false }
            let retried = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann))
            #expect(retried.success)
            #expect(!retried.alreadyMigrated)
            #expect(retried.stats.eventsMigrated == 2)
            #expect(retried.stats.totalItemsMigrated == 3)
            let stored = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann))
            #expect(stored.alreadyMigrated)
            #expect(stored.stats == retried.stats)
            request.appVersion = String(repeating: "9", count: 33)
            #expect(await rpcCode { _ = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
        }
    }
}
