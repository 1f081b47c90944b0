import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
import WishWithMeKit

/// The spec's user flow across two people on two clients: offline creation, sharing,
/// opening, marking under surprise mode, and revocation.
@Suite("Share, open, mark — end to end")
struct ShareMarkFlowTests {
    static let cases: [(TestEngine, WishSyncProtocol)] = TestEngine.available.flatMap { engine in
        WishSyncProtocol.allCases.map { (engine, $0) }
    }

    @Test(arguments: cases)
    func theOwnerNeverSeesMarksAndRevocationRemovesTheWishlistFromTheFriend(engine: TestEngine, syncProtocol: WishSyncProtocol)
        async throws
    {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server, syncProtocol: syncProtocol)
            let bob = try Device.make("bob", on: server, syncProtocol: syncProtocol)
            defer { alice.remove(); bob.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            try await bob.client.account.register(email: "bob@example.com", password: "correct horse", name: "Bob")

            // Offline: everything is saved locally and waits.
            alice.network.isOnline = false
            let wishlist = try await alice.client.wishlists.create(name: "Birthday")
            let kettle = try await alice.client.items.add(try ItemDraft.manual(title: "Blue kettle", price: 25, currency: "EUR"), to: wishlist)
            try await alice.client.items.add(try ItemDraft.manual(title: "Socks", quantity: 3), to: wishlist)
            await #expect(throws: ClientError.self) { try await alice.client.sync.sync() }
            #expect(try await eventually { await alice.client.sync.status == .offline })
            #expect(try alice.client.store.pendingCount() >= 3)

            alice.network.isOnline = true
            try await alice.client.sync.sync()
            #expect(try alice.client.store.pendingCount() == 0)
            let link = try await alice.client.shares.create(for: wishlist, linkType: .mark)
            #expect(try alice.client.shares.list(for: wishlist).map(\.token) == [link.token])

            let opened = try await bob.client.shares.open(link.shareURL)
            #expect(opened.canMark)
            #expect(opened.wishlist?.name == "Birthday")
            #expect(opened.bookmark?.ownerName == "Alice")
            #expect(try bob.ids("items").count == 2)
            let bobsWishlist = try bob.client.wishlists.find(wishlist.id)
            let bobsKettle = try bob.client.items.find(kettle.id)
            try await bob.client.marks.mark(bobsKettle, in: bobsWishlist)
            try await bob.client.sync.sync()
            #expect(try await bob.client.marks.tally(of: bobsKettle, in: bobsWishlist).isFullyMarked)
            #expect(try bob.ids("marks").count == 1)

            try await alice.client.sync.sync()
            #expect(try alice.ids("marks").isEmpty)
            let alicesView = try await alice.client.marks.tally(of: kettle, in: wishlist)
            #expect(alicesView.totalMarked == 0 && !alicesView.isFullyMarked)

            try await alice.client.shares.revoke(link.token)
            try await bob.client.sync.sync()
            #expect(try bob.ids("wishlists").isEmpty)
            #expect(try bob.ids("items").isEmpty)
            #expect(try await bob.client.wishlists.sharedWithMe().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aViewLinkDoesNotLetTheFriendMark(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            let bob = try Device.make("bob", on: server)
            defer { alice.remove(); bob.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            try await bob.client.account.register(email: "bob@example.com", password: "correct horse", name: "Bob")
            let wishlist = try await alice.client.wishlists.create(name: "Books")
            let book = try await alice.client.items.add(try ItemDraft.manual(title: "Dune"), to: wishlist)
            try await alice.client.sync.sync()
            let link = try await alice.client.shares.create(for: wishlist, linkType: .view)
            let opened = try await bob.client.shares.open(link.token)
            #expect(!opened.canMark)
            let bobsWishlist = try bob.client.wishlists.find(wishlist.id)
            try await bob.client.marks.mark(try bob.client.items.find(book.id), in: bobsWishlist)
            let report = try await bob.client.sync.sync()
            #expect(report.rejected == 1)
            #expect(try bob.ids("marks").isEmpty)
            #expect(try bob.client.store.rejections().count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func theOwnerCannotMarkTheirOwnItems(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try Device.make("alice", on: server)
            defer { alice.remove() }
            try await alice.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            let wishlist = try await alice.client.wishlists.create(name: "Books")
            let book = try await alice.client.items.add(try ItemDraft.manual(title: "Dune"), to: wishlist)
            await #expect(throws: WishWithMeError.self) { try await alice.client.marks.mark(book, in: wishlist) }
            #expect(try alice.client.store.pendingMutations().allSatisfy { $0.collection != "marks" })
        }
    }
}
