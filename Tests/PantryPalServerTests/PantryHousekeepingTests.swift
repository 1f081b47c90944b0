import Foundation
import HearthCore
import HearthTesting
import Testing

@testable import PantryPalServer

/// Change-log retention (W1): history older than 90 days goes, and clients whose cursor
/// or `since` falls into the dropped part are sent to a full sync instead of missing changes.
@Suite struct PantryHousekeepingTests {
    @Test(arguments: TestEngine.available)
    func clientsBehindThePrunedHistoryAreToldToResync(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            var owner = try await pantry.owner("owner@example.com")
            let oldSince = try #require(try await pantry.call(owner, .GET, "/api/sync/changes?since=1970-01-01T00:00:00Z").json["serverTime"]?.stringValue)
            clock.advance(seconds: 91 * 86_400)
            let login = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "owner@example.com", "password": "correct horse battery"])
            owner.token = try #require(login.json["token"]?.stringValue)
            _ = try await pantry.product(owner, "Recent")
            let recentCursor = try #require(try await pantry.call(owner, .GET, "/api/sync/changes?cursor=0").json["cursor"]?.intValue)
            try await PantryHousekeeping(database: pantry.server.platform.database, clock: clock, processStart: clock.now).run()
            let stale = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=3").json
            #expect(stale["resetRequired"] == true)
            let current = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=\(recentCursor - 1)").json
            #expect(current["resetRequired"] == false && current["changes"]?.arrayValue?.count == 1)
            let legacy = try await pantry.call(owner, .GET, "/api/sync/changes?since=\(oldSince)").json["changes"]?.arrayValue ?? []
            #expect(legacy.count == 101 && legacy.allSatisfy { $0["entity_type"] == "reset" }, "the app counts 101 rows and full-syncs")
            let full = try await pantry.call(owner, .GET, "/api/sync/full").json
            #expect(full["locations"]?.arrayValue?.count == 7, "the data itself is untouched")
        }
    }
}
