import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
import WishWithMeKit

/// Randomised, seeded schedules of offline edits on three clients (the owner's phone and
/// laptop, and a friend) with lost requests and responses. Once everyone has synced twice
/// with no further edits, every device must hold exactly what a fresh device of the same
/// user would download, and the owner's two devices must be identical.
@Suite("Convergence of concurrent offline edits")
struct ConvergenceTests {
    /// A few fixed seeds in CI; `HEARTH_CONVERGENCE_SEEDS=200` runs seeds 1…200, and
    /// `HEARTH_CONVERGENCE_SEED=n` replays one.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["HEARTH_CONVERGENCE_SEED"].flatMap(UInt64.init) { return [one] }
        if let count = environment["HEARTH_CONVERGENCE_SEEDS"].flatMap(UInt64.init), count > 0 { return Array(1...count) }
        return [1, 2, 3, 42]
    }()

    @Test(arguments: seeds, WishSyncProtocol.allCases)
    func concurrentOfflineEditsConverge(seed: UInt64, syncProtocol: WishSyncProtocol) async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            var random = SeededRandom(seed: seed)
            let phone = try Device.make("alice-phone", on: server, syncProtocol: syncProtocol)
            let laptop = try Device.make("alice-laptop", on: server, syncProtocol: syncProtocol)
            let bob = try Device.make("bob", on: server, syncProtocol: syncProtocol)
            let devices = [phone, laptop, bob]
            defer { for device in devices { device.remove() } }

            try await phone.client.account.register(email: "alice@example.com", password: "correct horse", name: "Alice")
            try await laptop.client.account.login(email: "alice@example.com", password: "correct horse")
            try await bob.client.account.register(email: "bob@example.com", password: "correct horse", name: "Bob")
            let wishlist = try await phone.client.wishlists.create(name: "Birthday")
            for index in 0..<4 {
                try await phone.client.items.add(try ItemDraft.manual(title: "Gift \(index)", quantity: 2), to: wishlist)
            }
            let link = try await phone.client.shares.create(for: wishlist, linkType: .mark)
            _ = try await bob.client.shares.open(link.token)
            try await laptop.client.sync.sync()

            for step in 0..<40 {
                let device = devices[Int.random(in: 0..<devices.count, using: &random)]
                device.network.isOnline = Int.random(in: 0..<4, using: &random) != 0
                await Self.randomEdit(on: device, owner: device.name != "bob", step: step, random: &random)
                if Int.random(in: 0..<3, using: &random) == 0 {
                    if Bool.random(using: &random) {
                        device.network.dropNextResponse(toPathEndingWith: Bool.random(using: &random) ? "push" : "changes")
                    }
                    _ = try? await device.client.sync.sync()
                }
            }

            for device in devices { device.network.heal() }
            for _ in 0..<2 {
                for device in devices { try await device.client.sync.sync() }
            }
            let context = "seed \(seed), \(syncProtocol) — replay with this seed"
            let aliceFresh = try await Self.freshDevice("alice-fresh", email: "alice@example.com", server: server, syncProtocol)
            let bobFresh = try await Self.freshDevice("bob-fresh", email: "bob@example.com", server: server, syncProtocol)
            defer { aliceFresh.remove(); bobFresh.remove() }
            let (phoneDocs, laptopDocs, bobDocs) = (try phone.snapshot(), try laptop.snapshot(), try bob.snapshot())
            let (aliceServer, bobServer) = (try aliceFresh.snapshot(), try bobFresh.snapshot())
            #expect(phoneDocs == laptopDocs, "owner's devices differ (\(context)):\n\(differences(phoneDocs, laptopDocs))")
            #expect(phoneDocs == aliceServer, "owner's device differs from the server (\(context)):\n\(differences(phoneDocs, aliceServer))")
            #expect(bobDocs == bobServer, "friend's device differs from the server (\(context)):\n\(differences(bobDocs, bobServer))")
            let shared = try phone.snapshot().filter { $0.key.collection == "items" }
            #expect(shared == (try bob.snapshot().filter { $0.key.collection == "items" }), "item copies differ (\(context))")
        }
    }

    static func freshDevice(
        _ name: String, email: String, server: TestServer, _ syncProtocol: WishSyncProtocol
    ) async throws -> Device {
        let device = try Device.make(name, on: server, syncProtocol: syncProtocol)
        try await device.client.account.login(email: email, password: "correct horse")
        try await device.client.sync.sync()
        return device
    }

    /// One edit a person could make on their device; edits the rules refuse are skipped.
    static func randomEdit(on device: Device, owner: Bool, step: Int, random: inout SeededRandom) async {
        let client = device.client
        guard let wishlist = try? client.wishlists.all().first else { return }
        let items = (try? client.items.list(in: wishlist)) ?? []
        let item = items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)]
        let choice = Int.random(in: 0..<6, using: &random)
        if owner {
            switch choice {
            case 0: _ = try? await client.items.add(try ItemDraft.manual(title: "New \(device.name) \(step)"), to: wishlist)
            case 1: if let item { try? await client.items.delete(item.id) }
            case 2: _ = try? await client.wishlists.edit(wishlist.id) { $0.name = "Birthday \(step)" }
            case 3: _ = try? await client.profile.edit { $0.bio = "\(device.name) at \(step)" }
            default:
                if let item { _ = try? await client.items.edit(item.id) { $0.title = "\(item.title.prefix(20)) \(device.name) \(step)"; $0.price = Double(step) } }
            }
        } else {
            switch choice {
            case 0, 1, 2: if let item { _ = try? await client.marks.mark(item, in: wishlist, quantity: Int.random(in: 1...2, using: &random)) }
            case 3, 4: if let item { _ = try? await client.marks.unmark(item) }
            default: _ = try? await client.profile.edit { $0.bio = "bob at \(step)" }
            }
        }
    }
}
