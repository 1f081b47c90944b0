import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
@testable import PantryPalKit

/// Two members of one household on two clients against the real server, on every engine.
@Suite("PantryPal — two members, two devices")
struct SharedHouseholdTests {
    /// Alice creates a household and makes it premium; Bob joins with her invite code.
    static func household(on server: TestServer) async throws -> (alice: PantryDevice, bob: PantryDevice) {
        let alice = try PantryDevice.make("alice", on: server)
        let bob = try PantryDevice.make("bob", on: server)
        try await alice.client.account.register(email: "alice@example.com", password: "correct horse 1", name: "Alice Smith")
        let household = try await alice.client.household.create()
        await #expect(throws: ClientError.self) { try await alice.client.household.invite() }
        try await server.setPremium(householdID: household.id, true)
        let invite = try await alice.client.household.invite()
        try await bob.client.account.register(email: "bob@example.com", password: "correct horse 2", name: "Bob Smith")
        let joined = try await bob.client.household.join(code: invite.code)
        #expect(joined.id == household.id)
        return (alice, bob)
    }

    @Test(arguments: TestEngine.available)
    func stockOfACatalogueProductNoChangeAnnouncedStillShowsItsName(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine, testRoutes: true) { server in
            // The UI-test seed puts Milk (TEST_MILK_001) in the global catalogue without a change row.
            let seeded = try await server.request(.POST, "/api/test/seed", headers: [("x-test-admin-key", TestServer.pantryTestKey)])
            #expect(seeded.status == 200)
            let (alice, bob) = try await Self.household(on: server)
            defer { alice.remove(); bob.remove() }
            try await bob.client.inventory.add(upc: "TEST_MILK_001", locationID: try bob.client.locations.find("Fridge").id)
            try await bob.client.sync.sync()
            try await alice.client.sync.sync()
            #expect(try alice.stock() == ["Milk @Fridge ×1"])
        }
    }

    @Test(arguments: TestEngine.available)
    func membersShareStockAndSeeEachOthersChanges(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let (alice, bob) = try await Self.household(on: server)
            defer { alice.remove(); bob.remove() }
            #expect(try alice.client.locations.list().map(\.name) == DefaultLocations.names)
            #expect(try bob.client.locations.list().map(\.name) == DefaultLocations.names)
            #expect(try await bob.client.household.members().count == 2)

            let fridge = try alice.client.locations.find("Fridge")
            try await alice.client.inventory.add(upc: "111", customName: "Oat milk", locationID: fridge.id, quantity: 3, expirationDate: "2030-01-01")
            try await alice.client.sync.sync()
            try await bob.client.sync.sync()
            #expect(try bob.stock() == ["Oat milk @Fridge ×3"])

            let bobsCheckout = try await bob.client.checkout.checkout(upc: "111")
            #expect(bobsCheckout.queued && bobsCheckout.remaining == 2)
            try await bob.client.grocery.add(name: "Eggs")
            try await bob.client.sync.sync()
            try await alice.client.sync.sync()
            #expect(try alice.stock() == ["Oat milk @Fridge ×2"])
            #expect(try alice.client.grocery.list().map(\.name) == ["Eggs"])

            _ = try alice.client.grocery.remove("eggs")
            try await alice.client.sync.sync()
            try await bob.client.sync.sync()
            #expect(try bob.client.grocery.list().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentCheckoutsOfTheLastItemConsumeItOnce(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let (alice, bob) = try await Self.household(on: server)
            defer { alice.remove(); bob.remove() }
            let pantry = try alice.client.locations.find("Pantry")
            try await alice.client.inventory.add(upc: "222", customName: "Beans", locationID: pantry.id)
            try await alice.client.sync.sync()
            try await bob.client.sync.sync()

            _ = try await alice.client.checkout.checkout(upc: "222")
            _ = try await bob.client.checkout.checkout(upc: "222")
            async let alicesSync = alice.client.sync.sync()
            async let bobsSync = bob.client.sync.sync()
            let reports = try await [alicesSync, bobsSync]
            #expect(reports.map(\.sent).reduce(0, +) == 1)
            #expect(reports.map(\.rejected).reduce(0, +) == 1)
            let refused = try alice.client.store.rejections() + bob.client.store.rejections()
            #expect(refused.map(\.code) == ["NOT_IN_STOCK"])

            let history = try await alice.client.api.json(.get, "checkout/history")
            #expect(history["history"]?.arrayValue?.count == 1)
            try await alice.client.sync.sync()
            try await bob.client.sync.sync()
            #expect(try alice.stock().isEmpty && bob.stock().isEmpty)
            #expect(try await alice.serverStock().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func offlineEditsReplayedTwiceApplyOnce(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let (alice, bob) = try await Self.household(on: server)
            defer { alice.remove(); bob.remove() }
            let pantry = try alice.client.locations.find("Pantry")
            try await alice.client.inventory.add(upc: "333", customName: "Rice", locationID: pantry.id, quantity: 4)
            try await alice.client.sync.sync()

            alice.network.isOnline = false
            let tea = try alice.client.products.addCustom(name: "Tea", upc: "444")
            let teaRow = try alice.client.inventory.add(productID: tea.id, locationID: pantry.id, quantity: 2).item
            try alice.client.inventory.adjust(itemID: teaRow.id, by: 3)
            _ = try await alice.client.checkout.checkout(upc: "333")
            try alice.client.grocery.add(name: "Milk")
            await #expect(throws: ClientError.self) { try await alice.client.sync.sync() }
            #expect(try alice.client.store.pendingCount() == 4)

            // Each action reaches the server but its answer is lost, so each is sent twice.
            alice.network.isOnline = true
            for path in ["/products", "/inventory", "/checkout/scan", "/grocery"] {
                alice.network.dropNextResponse(toPathEndingWith: path)
                await #expect(throws: ClientError.self) { try await alice.client.sync.sync() }
            }
            try await alice.client.sync.sync()
            #expect(try alice.client.store.pendingCount() == 0)
            #expect(try alice.client.store.rejections().isEmpty)

            try await bob.client.sync.sync()
            #expect(try bob.stock() == ["Rice @Pantry ×3", "Tea @Pantry ×5"])
            #expect(try bob.client.grocery.list().map(\.name) == ["Milk"])
            #expect(try await bob.serverStock() == ["Rice @Pantry ×3", "Tea @Pantry ×5"])
            #expect(try alice.stock() == bob.stock())
            let history = try await bob.client.api.json(.get, "checkout/history")
            #expect(history["history"]?.arrayValue?.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func lapsedPremiumMakesASharedHouseholdReadOnlyAndRaisesThePaywall(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let (alice, bob) = try await Self.household(on: server)
            defer { alice.remove(); bob.remove() }
            let pantry = try alice.client.locations.find("Pantry")
            try await alice.client.inventory.add(upc: "555", customName: "Flour", locationID: pantry.id, quantity: 2)
            try await alice.client.sync.sync()
            let householdID = try #require(try alice.household?.id)
            try await server.setPremium(householdID: householdID, true, expiresAt: "2020-01-01T00:00:00Z")
            try await bob.client.sync.sync()
            #expect(try bob.household?.isPremiumActive(at: Timestamp(Date())) == false)

            let row = try bob.client.inventory.find("Flour")
            try bob.client.inventory.adjust(itemID: row.id, by: 5)
            let report = try await bob.client.sync.sync()
            #expect(report.rejected == 1 && report.paywall?.reason == .premiumRequired)
            #expect(try bob.client.store.paywall()?.reason == .premiumRequired)
            #expect(try bob.stock() == ["Flour @Pantry ×2"])

            // Checkout stays allowed for a free shared household (spec §8.1).
            _ = try await bob.client.checkout.checkout(upc: "555")
            #expect(try await bob.client.sync.sync().sent == 1)
            #expect(try await alice.serverStock() == ["Flour @Pantry ×1"])
        }
    }

    @Test(arguments: TestEngine.available)
    func theFreeLimitRefusedByTheServerIsDroppedAndUndone(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let phone = try PantryDevice.make("phone", on: server)
            let tablet = try PantryDevice.make("tablet", on: server)
            defer { phone.remove(); tablet.remove() }
            try await phone.client.account.register(email: "solo@example.com", password: "correct horse 3", name: "Solo Person")
            try await phone.client.household.create(name: "Solo")
            try await tablet.client.account.login(email: "solo@example.com", password: "correct horse 3")
            try await tablet.client.sync.sync()
            let pantry = try phone.client.locations.find("Pantry")
            let product = try phone.client.products.addCustom(name: "Soup", upc: "666")
            for day in 1...24 {
                try phone.client.inventory.add(productID: product.id, locationID: pantry.id, expirationDate: String(format: "2031-01-%02d", day))
            }
            try await phone.client.sync.sync()
            try await tablet.client.sync.sync()

            // Both devices add the 25th row while apart; the second to arrive is refused.
            phone.network.isOnline = false
            try phone.client.inventory.add(productID: product.id, locationID: pantry.id, expirationDate: "2031-02-01")
            try tablet.client.inventory.add(productID: product.id, locationID: pantry.id, expirationDate: "2031-02-02")
            #expect(throws: PantryPalError.limitReached(25)) {
                try tablet.client.inventory.add(productID: product.id, locationID: pantry.id, expirationDate: "2031-02-03")
            }
            try await tablet.client.sync.sync()
            phone.network.isOnline = true
            let report = try await phone.client.sync.sync()
            #expect(report.rejected == 1 && report.paywall?.reason == .limitReached && report.paywall?.limit == 25)
            #expect(try phone.client.store.rejections().map(\.code) == ["LIMIT_REACHED"])
            #expect(try phone.client.inventory.list().count == 25)
            #expect(try !phone.client.inventory.list().contains { $0.expirationDate == "2031-02-01" })
            // Topping up an existing row is still allowed at the limit.
            let first = try #require(try phone.client.inventory.list().first)
            try phone.client.inventory.adjust(itemID: first.id, by: 1)
            #expect(try await phone.client.sync.sync().sent == 1)
        }
    }
}
