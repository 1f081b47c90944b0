import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Synchronization
import Testing
import WishWithMeKit

/// Randomised, seeded schedules on four clients — the owner's phone and laptop and two
/// friends — with offline edits, deletes, marks, new share links, revocations and opened
/// links, synced in random order over a network that loses requests, loses responses and
/// duplicates requests. Once everyone has synced twice with no further edits, every device
/// must hold exactly what a fresh device of the same user downloads, the owner's devices
/// must be identical, and the owner must hold no marks.
///
/// `scripts/convergence.sh --iterations N --seed S --steps K` runs long or replays one.
@Suite("Convergence of concurrent offline edits")
struct ConvergenceTests {
    static let environment = ProcessInfo.processInfo.environment

    /// Seeds 1, 2, 3, 42 in CI; `HEARTH_CONVERGENCE_SEEDS=N` runs N seeds starting at
    /// `HEARTH_CONVERGENCE_SEED` (default 1).
    static let seeds: [UInt64] = {
        let first = environment["HEARTH_CONVERGENCE_SEED"].flatMap(UInt64.init)
        let count = environment["HEARTH_CONVERGENCE_SEEDS"].flatMap(UInt64.init)
        switch (first, count) {
        case (nil, nil): return [1, 2, 3, 42]
        case (let first?, nil): return [first]
        case (let first, let count?): return Array((first ?? 1)..<((first ?? 1) + max(count, 1)))
        }
    }()

    static let steps = environment["HEARTH_CONVERGENCE_STEPS"].flatMap(Int.init) ?? 40

    static let cases: [(UInt64, WishSyncProtocol)] = seeds.flatMap { seed in WishSyncProtocol.allCases.map { (seed, $0) } }

    @Test(arguments: cases)
    func concurrentOfflineEditsConverge(seed: UInt64, syncProtocol: WishSyncProtocol) async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            try await Self.simulate(seed: seed, syncProtocol: syncProtocol, server: server)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentOfflineEditsConvergeOnEveryEngine(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            try await Self.simulate(seed: 7, syncProtocol: .delta, server: server)
        }
    }

    /// The same schedules against a `hearth serve` elsewhere, named by
    /// `HEARTH_CONVERGENCE_SERVER_URL` (`scripts/convergence.sh --server URL`): for example
    /// several processes behind a load balancer (`scripts/scale-out.py` runs it so).
    @Test(.enabled(if: environment["HEARTH_CONVERGENCE_SERVER_URL"] != nil), arguments: cases)
    func concurrentOfflineEditsConvergeOnAnExternalServer(seed: UInt64, syncProtocol: WishSyncProtocol) async throws {
        let http = HTTPClient(eventLoopGroup: .singletonMultiThreadedEventLoopGroup)
        let server = ExternalServer(baseURL: Self.environment["HEARTH_CONVERGENCE_SERVER_URL"] ?? "", http: http)
        // Accounts stay on that server, so each run signs up people of its own.
        let run = "+\(seed)-\(syncProtocol)-\(UUID().uuidString.prefix(8).lowercased())"
        do {
            try await Self.simulate(seed: seed, syncProtocol: syncProtocol, server: server, people: run)
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    static func simulate(seed: UInt64, syncProtocol: WishSyncProtocol, server: any DeviceServer, people tag: String = "") async throws {
        var random = SeededRandom(seed: seed)
        let phone = try Device.make("alice-phone", on: server, syncProtocol: syncProtocol)
        let laptop = try Device.make("alice-laptop", on: server, syncProtocol: syncProtocol)
        let bob = try Device.make("bob", on: server, syncProtocol: syncProtocol)
        let carol = try Device.make("carol", on: server, syncProtocol: syncProtocol)
        let devices = [phone, laptop, bob, carol]
        defer { for device in devices { device.remove() } }

        try await phone.client.account.register(email: "alice\(tag)@example.com", password: "correct horse", name: "Alice")
        try await laptop.client.account.login(email: "alice\(tag)@example.com", password: "correct horse")
        try await bob.client.account.register(email: "bob\(tag)@example.com", password: "correct horse", name: "Bob")
        try await carol.client.account.register(email: "carol\(tag)@example.com", password: "correct horse", name: "Carol")
        let wishlist = try await phone.client.wishlists.create(name: "Birthday")
        for index in 0..<4 {
            try await phone.client.items.add(try ItemDraft.manual(title: "Gift \(index)", quantity: 2), to: wishlist)
        }
        let first = try await phone.client.shares.create(for: wishlist, linkType: .mark)
        var links = [first.token]
        _ = try await bob.client.shares.open(first.token)
        try await laptop.client.sync.sync()

        for step in 0..<steps {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            device.network.isOnline = Int.random(in: 0..<4, using: &random) != 0
            let isOwner = device.name.hasPrefix("alice")
            if isOwner {
                await ownerEdit(on: device, step: step, links: &links, random: &random)
            } else {
                await friendEdit(on: device, step: step, links: links, random: &random)
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: device.network.dropNextResponse(toPathEndingWith: Bool.random(using: &random) ? "push" : "changes")
                case 1: device.network.duplicateNextRequest(toPathEndingWith: "push")
                default: break
                }
                _ = try? await device.client.sync.sync()
            }
        }

        for device in devices { device.network.heal() }
        for _ in 0..<2 {
            for device in devices { try await device.client.sync.sync() }
        }
        let context = "seed \(seed), \(syncProtocol): replay with scripts/convergence.sh --seed \(seed)"
        let phoneDocs = try phone.snapshot()
        let laptopDocs = try laptop.snapshot()
        #expect(phoneDocs == laptopDocs, "owner's devices differ (\(context)):\n\(differences(phoneDocs, laptopDocs))")
        #expect(try phone.ids("marks").isEmpty, "the owner holds marks (\(context))")
        for (device, email) in [(phone, "alice\(tag)@example.com"), (bob, "bob\(tag)@example.com"), (carol, "carol\(tag)@example.com")] {
            let fresh = try Device.make("\(device.name)-fresh", on: server, syncProtocol: syncProtocol)
            defer { fresh.remove() }
            try await fresh.client.account.login(email: email, password: "correct horse")
            try await fresh.client.sync.sync()
            let held = try device.snapshot()
            let served = try fresh.snapshot()
            #expect(held == served, "\(device.name) differs from the server (\(context)):\n\(differences(held, served))")
        }
    }

    /// One thing the owner might do on either device; what the rules refuse is skipped.
    static func ownerEdit(on device: Device, step: Int, links: inout [String], random: inout SeededRandom) async {
        let client = device.client
        guard let wishlist = try? await client.wishlists.mine().first else { return }
        let items = (try? client.items.list(in: wishlist)) ?? []
        let item = items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)]
        switch Int.random(in: 0..<8, using: &random) {
        case 0: _ = try? await client.items.add(try ItemDraft.manual(title: "New \(device.name) \(step)"), to: wishlist)
        case 1: if let item { try? await client.items.delete(item.id) }
        case 2: _ = try? await client.wishlists.edit(wishlist.id) { $0.name = "Birthday \(step)" }
        case 3: _ = try? await client.profile.edit { $0.bio = "\(device.name) at \(step)" }
        case 4:
            if let link = try? await client.shares.create(for: wishlist, linkType: Bool.random(using: &random) ? .mark : .view) {
                links.append(link.token)
            }
        case 5:
            if !links.isEmpty { try? await client.shares.revoke(links[Int.random(in: 0..<links.count, using: &random)]) }
        default:
            if let item {
                _ = try? await client.items.edit(item.id) {
                    $0.title = "\(item.title.prefix(20)) \(device.name) \(step)"
                    $0.price = Double(step)
                }
            }
        }
    }

    /// One thing a friend might do: open a link they were sent, mark, unmark, edit their profile.
    static func friendEdit(on device: Device, step: Int, links: [String], random: inout SeededRandom) async {
        let client = device.client
        let choice = Int.random(in: 0..<7, using: &random)
        if choice == 0, !links.isEmpty {
            _ = try? await client.shares.open(links[Int.random(in: 0..<links.count, using: &random)])
            return
        }
        guard let wishlist = try? client.wishlists.all().first else { return }
        let items = (try? client.items.list(in: wishlist)) ?? []
        let item = items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)]
        switch choice {
        case 1, 2, 3:
            if let item { _ = try? await client.marks.mark(item, in: wishlist, quantity: Int.random(in: 1...2, using: &random)) }
        case 4, 5: if let item { _ = try? await client.marks.unmark(item) }
        default: _ = try? await client.profile.edit { $0.bio = "\(device.name) at \(step)" }
        }
    }
}
