import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
import WishWithMeKit

@Suite("Auth session and crash recovery — end to end")
struct SessionAndRecoveryTests {
    @Test func expiredAccessTokensAreRefreshedOnceForAllConcurrentRequests() async throws {
        let clock = ManualWallClock(Timestamp(Date()))
        try await TestServer.wishWithMe(engine: .sqlite, clock: clock) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            let before = try #require(await alice.client.session.credentials)
            clock.advance(seconds: 16 * 60)
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await alice.client.account.me().name } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(names == Array(repeating: "Alice", count: 8))
            #expect(alice.network.count(pathEndingWith: "/auth/refresh") == 1)
            let after = try #require(await alice.client.session.credentials)
            #expect(after.refreshToken != before.refreshToken)
            #expect(after.userID == before.userID)
        }
    }

    @Test func aRefusedRefreshSignsOutCleanly() async throws {
        let clock = ManualWallClock(Timestamp(Date()))
        try await TestServer.wishWithMe(engine: .sqlite, clock: clock) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            clock.advance(seconds: 31 * 24 * 3600)
            await #expect(throws: ClientError.signedOut) { try await alice.client.account.me() }
            #expect(await alice.client.session.credentials == nil)
            #expect(!FileManager.default.fileExists(atPath: alice.directory + "/tokens.json"))
            await #expect(throws: ClientError.signedOut) { try await alice.client.sync.sync() }
        }
    }

    @Test func aRefreshThatCannotReachTheServerKeepsTheSession() async throws {
        let clock = ManualWallClock(Timestamp(Date()))
        try await TestServer.wishWithMe(engine: .sqlite, clock: clock) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            clock.advance(seconds: 16 * 60)
            alice.network.dropNextResponse(toPathEndingWith: "/auth/refresh")
            await #expect(throws: ClientError.self) { try await alice.client.account.me() }
            #expect(await alice.client.session.credentials != nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func aCrashBetweenPushAndAcknowledgementLosesAndDuplicatesNothing(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            let wishlist = try await alice.client.wishlists.create(name: "Birthday")
            for title in ["Kettle", "Socks", "Dune"] {
                try await alice.client.items.add(try ItemDraft.manual(title: title), to: wishlist)
            }
            let queued = try alice.client.store.pendingMutations().map(\.mutationID)
            // The server applies the push, then the device dies before reading the answer.
            alice.network.dropNextResponse(toPathEndingWith: "/sync/push")
            await #expect(throws: ClientError.self) { try await alice.client.sync.sync() }
            #expect(try alice.client.store.pendingMutations().map(\.mutationID) == queued)

            let restarted = try alice.restarted(on: server)
            try await restarted.client.items.add(try ItemDraft.manual(title: "Made after the crash"), to: wishlist)
            let report = try await restarted.client.sync.sync()
            #expect(report.pushed == queued.count + 1)
            #expect(try restarted.client.store.pendingCount() == 0)

            // A fresh device of the same user sees exactly one copy of everything.
            let other = try Device.make("alice-2", on: server)
            defer { other.remove() }
            try await other.client.account.login(email: "alice@example.com", password: "correct horse")
            try await other.client.sync.sync()
            let titles = try other.client.items.list(in: try other.client.wishlists.find(wishlist.id)).map(\.title).sorted()
            #expect(titles == ["Dune", "Kettle", "Made after the crash", "Socks"])
            #expect(try restarted.snapshot() == other.snapshot())
        }
    }

    @Test func aLostPullResponseIsFetchedAgainWithoutGapsOrDoubles() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            let laptop = try Device.make("alice-laptop", on: server)
            defer { alice.remove(); laptop.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            try await laptop.client.account.login(email: "alice@example.com", password: "correct horse")
            let wishlist = try await alice.client.wishlists.create(name: "Birthday")
            try await alice.client.items.add(try ItemDraft.manual(title: "Kettle"), to: wishlist)
            try await alice.client.sync.sync()
            laptop.network.dropNextResponse(toPathEndingWith: "/sync/changes")
            await #expect(throws: ClientError.self) { try await laptop.client.sync.sync() }
            #expect(try laptop.client.store.state(.cursor) == nil)
            try await laptop.client.sync.sync()
            #expect(try laptop.snapshot() == alice.snapshot())
        }
    }

    @Test func theEngineSyncsByItselfAfterALocalWrite() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server, debounce: .milliseconds(20))
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            var statuses = await alice.client.sync.statusUpdates().makeAsyncIterator()
            _ = await statuses.next()
            try await alice.client.wishlists.create(name: "Debounced")
            #expect(await statuses.next() == .syncing)
            guard case .idle(let last)? = await statuses.next() else {
                Issue.record("the debounced sync did not finish")
                return
            }
            #expect(last != nil)
            #expect(try alice.client.store.pendingCount() == 0)
        }
    }
}
