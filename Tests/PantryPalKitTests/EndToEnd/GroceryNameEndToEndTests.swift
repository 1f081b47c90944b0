import Foundation
import HearthClient
import HearthCore
import HearthTesting
import Testing
@testable import PantryPalKit

/// Shopping list names that are awkward in a URL, against the real server.
@Suite("PantryPal — shopping list names in paths")
struct GroceryNameEndToEndTests {
    @Test(arguments: TestEngine.available)
    func anEntryWithASlashInItsNameIsRemovedByName(engine: TestEngine) async throws {
        try await TestServer.pantryPal(engine: engine) { server in
            let phone = try PantryDevice.make("phone", on: server)
            defer { phone.remove() }
            try await phone.client.account.register(email: "slash@example.com", password: "correct horse 4", name: "Sam Slash")
            try await phone.client.household.create()
            try phone.client.grocery.add(name: "Salt/Pepper 100%")
            try await phone.client.sync.sync()
            // Removal by name is what a device that never learnt the server's number sends.
            try await phone.client.store.database.write { db in try db.execute(sql: "UPDATE grocery SET server_id = NULL") }
            _ = try phone.client.grocery.remove("salt/pepper 100%")
            #expect(try phone.client.store.pendingActions().first?.path == "grocery/by-name/salt%2Fpepper%20100%25")
            let report = try await phone.client.sync.sync()
            #expect(report.sent == 1 && report.rejected == 0)
            let onServer = try await phone.client.api.json(.get, "grocery")
            #expect(onServer.arrayValue?.isEmpty == true)
        }
    }
}
