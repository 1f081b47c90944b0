import Foundation
import HearthClient
import HearthCore
@testable import PantryPalKit

/// A client on a temporary directory, signed in, talking to a ``ScriptedServer``, with a
/// household and two locations already known, and a manual clock.
struct KitFixture {
    static let householdID = "h-1"
    static let pantry = Location(id: "loc-pantry", name: "Pantry", sortOrder: 0)
    static let fridge = Location(id: "loc-fridge", name: "Fridge", sortOrder: 1)
    static let milk = Product(id: "prod-milk", upc: "0001", name: "Milk", brand: "Moo")
    static let bread = Product(id: "prod-bread", upc: "0002", name: "Bread")

    let client: PantryPalClient
    let server: ScriptedServer
    let clock: ManualWallClock
    let directory: String

    var store: PantryStore { client.store }

    init(premium: Bool = false, signedIn: Bool = true) async throws {
        directory = NSTemporaryDirectory() + "pantry-kit-test-" + UUID().uuidString
        server = ScriptedServer()
        clock = ManualWallClock(Timestamp(iso8601: "2026-03-10T12:00:00Z") ?? Timestamp(millisecondsSince1970: 0))
        client = try PantryPalClient(
            .init(
                serverURL: URL(string: "http://pantry.test/api")!,
                directory: directory, transport: server, clock: clock, timeZone: TimeZone(identifier: "UTC")!,
                backoff: Backoff(base: .milliseconds(1), maximum: .milliseconds(2))))
        if signedIn {
            try await client.session.signIn(Credentials(userID: "u-1", accessToken: "access-1", refreshToken: "refresh-1"))
        }
        try client.store.setHousehold(Household(id: Self.householdID, name: "Test", isPremium: premium))
        try seed(locations: [Self.pantry, Self.fridge], products: [Self.milk, Self.bread])
    }

    /// Puts server-side rows into the store as a full sync would, with no queued actions.
    func seed(
        locations: [Location] = [], products: [Product] = [], inventory: [InventoryItem] = [], grocery: [GroceryItem] = [],
        cursor: Int64 = 0
    ) throws {
        let existing = FullSnapshot(
            products: try store.products() + products, inventory: try store.inventory() + inventory,
            locations: try store.locations() + locations, grocery: try store.grocery() + grocery, cursor: cursor)
        try store.apply(existing)
    }

    /// Scripts what a quiet server answers to a sync: `auth/me` with the household, and no changes.
    func scriptQuietServer(cursor: Int64 = 0, premium: Bool = false) {
        server.on(
            "GET auth/me",
            [
                "user": ["id": "u-1", "email": "a@example.com", "firstName": "A", "lastName": "B", "householdId": .string(Self.householdID)],
                "household": ["id": .string(Self.householdID), "name": "Test", "isPremium": .bool(premium), "premiumExpiresAt": nil],
                "config": ["freeLimit": 25],
            ])
        server.on("GET sync/changes", ["changes": [], "cursor": .int(cursor), "hasMore": false, "resetRequired": false])
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
