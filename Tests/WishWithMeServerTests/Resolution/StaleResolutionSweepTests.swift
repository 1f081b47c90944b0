import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

@testable import WishWithMeServer

/// Spec §6.6 hardened: claims whose job gave up end as errors the user can retry, and
/// pending items no job picked up get one; live claims and jobs in hand are left alone.
@Suite struct StaleResolutionSweepTests {
    /// Rewrites `id`'s body behind the rules' back, as a crashed resolver or a restore leaves it.
    static func force(_ server: TestServer, clock: any WallClock, item id: String, _ change: @Sendable (inout [String: JSONValue]) -> Void)
        async throws
    {
        let documents = DocumentStore(app: WishWithMeApp.appName, database: server.platform.database, clock: clock)
        try await documents.write { writer in
            let item = try #require(try await writer.fetch(id))
            var body = item.data.objectValue ?? [:]
            change(&body)
            _ = try await writer.save(
                DocumentWrite(
                    id: id, collection: item.collection, data: .object(body), access: Set(item.access), clientUpdatedAt: clock.now,
                    author: item.updatedBy),
                replacing: item)
        }
    }

    static func sweep(_ server: TestServer, clock: any WallClock) async throws -> StaleResolutionSweep.Report {
        let documents = DocumentStore(app: WishWithMeApp.appName, database: server.platform.database, clock: clock)
        let jobs = JobQueue(app: WishWithMeApp.appName, clock: clock)
        return try await StaleResolutionSweep(
            documents: documents, rules: WishWithMeRules(jobs: jobs), jobs: jobs, instanceID: "resolver:sweep-test", logger: .quietTestLogger
        ).run()
    }

    static func resolutionJobs(_ server: TestServer, item id: String) async throws -> Int {
        try await server.platform.database.read { executor in
            try await executor.query("SELECT payload FROM hearth_jobs WHERE kind = 'resolve-item'", [])
                .filter { try $0.json("payload")["item_id"]?.stringValue == id }.count
        }
    }

    @Test(arguments: TestEngine.available)
    func expiredClaimsBecomeTimeoutErrorsAndUnpickedPendingItemsGetOneJob(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.wishWithMe(engine: engine, clock: clock) { (server: TestServer) async throws in
            let owner = try await server.register("sweep@example.com")
            let wishlistID = Docs.id("wishlist")
            let (abandoned, held, unpicked) = (Docs.id("item"), Docs.id("item"), Docs.id("item"))
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            let items = [abandoned, held, unpicked].map { Docs.item($0, wishlist: wishlistID, owner: owner.id, sourceURL: "https://shop.example/p") }
            #expect(try await server.push(owner, "items", items).isEmpty)

            let now = clock.now
            for (id, lease) in [(abandoned, now.adding(seconds: 600)), (held, now.adding(seconds: 7200))] {
                try await Self.force(server, clock: clock, item: id) { body in
                    body["status"] = "in_progress"
                    body["claimed_by"] = "resolver:gone/job:1"
                    body["lease_expires_at"] = .string(LegacyTimestamp.format(lease))
                }
            }
            try await Self.force(server, clock: clock, item: unpicked) { $0["status"] = "pending" }
            clock.advance(seconds: 601)

            #expect(try await Self.sweep(server, clock: clock) == .init(timedOut: 1, requeued: 1))
            let pulled = Dictionary(uniqueKeysWithValues: try await server.pull(owner, "items").map { ($0["_id"]?.stringValue ?? "", $0) })
            #expect(pulled[abandoned]?["status"] == "error")
            #expect(pulled[abandoned]?["resolve_error"] == "TIMEOUT")
            #expect(pulled[abandoned]?["claimed_by"] == .null)
            #expect(pulled[held]?["status"] == "in_progress", "a live claim is left to its job")
            #expect(try await Self.resolutionJobs(server, item: unpicked) == 1)
            #expect(try await Self.resolutionJobs(server, item: abandoned) == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func aPendingItemWhoseJobIsQueuedIsNotQueuedTwice(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.wishWithMe(engine: engine, clock: clock) { (server: TestServer) async throws in
            let owner = try await server.register("queued@example.com")
            let wishlistID = Docs.id("wishlist")
            let itemID = Docs.id("item")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            let item = Docs.item(itemID, wishlist: wishlistID, owner: owner.id, sourceURL: "https://shop.example/p")
            #expect(try await server.push(owner, "items", [item]).isEmpty)
            try await Self.force(server, clock: clock, item: itemID) { $0["status"] = "pending" }
            // A job waiting out a retry's back-off.
            try await server.platform.database.transaction { executor in
                try await JobQueue(app: WishWithMeApp.appName, clock: clock).enqueue(
                    kind: "resolve-item", payload: ["item_id": .string(itemID)], delaySeconds: 86_400, in: executor)
            }
            clock.advance(seconds: 601)
            #expect(try await Self.sweep(server, clock: clock) == .init(timedOut: 0, requeued: 0))
            #expect(try await Self.resolutionJobs(server, item: itemID) == 1)
        }
    }
}
