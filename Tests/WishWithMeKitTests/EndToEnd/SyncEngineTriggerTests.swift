import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
import WishWithMeKit

/// When the sync engine syncs by itself, and that it never runs two syncs at once.
@Suite("Sync engine triggers — end to end")
struct SyncEngineTriggerTests {
    @Test func concurrentSyncRequestsNeverOverlap() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            let wishlist = try await alice.client.wishlists.create(name: "Birthday")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await alice.client.items.add(try ItemDraft.manual(title: "Gift \(index)"), to: wishlist)
                        try await alice.client.sync.sync()
                    }
                }
                try await group.waitForAll()
            }
            #expect(alice.network.maxInFlight == 1)
            #expect(try alice.client.store.pendingCount() == 0)
        }
    }

    @Test func aRealtimeNoticeMakesTheOtherDevicePullAtOnce() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let phone = try Device.make("phone", on: server)
            let laptop = try Device.make("laptop", on: server)
            defer { phone.remove(); laptop.remove() }
            try await phone.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            try await laptop.client.account.login(email: "alice@example.com", password: "correct horse")
            try await laptop.client.sync.sync()
            await laptop.client.sync.start()
            defer { Task { await laptop.client.sync.stop() } }
            try await Task.sleep(for: .milliseconds(200))  // the event stream opens
            let wishlist = try await phone.client.wishlists.create(name: "Seen at once")
            try await phone.client.sync.sync()
            #expect(try await eventually { try laptop.ids("wishlists").contains(wishlist.id) })
        }
    }

    @Test func comingBackOnlineSyncsWhatWasWrittenOffline() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            await alice.client.sync.start()
            defer { Task { await alice.client.sync.stop() } }
            alice.reachability.set(false)
            alice.network.isOnline = false
            try await alice.client.wishlists.create(name: "Written offline")
            #expect(try await eventually { await alice.client.sync.status == .offline })
            #expect(try alice.client.store.pendingCount() == 1)
            alice.network.isOnline = true
            alice.reachability.set(true)
            #expect(try await eventually { try alice.client.store.pendingCount() == 0 })
        }
    }
}
