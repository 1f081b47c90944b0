import Foundation
import HearthClient
import HearthTesting
import ListAllKit
import Testing

/// Signing in as someone else starts this device from an empty store, so it must not
/// silently drop the previous account's changes that never reached the server.
@Suite struct AccountSwitchTests {
    @Test func signingInAsAnotherAccountRefusesWhileEditsWait() async throws {
        try await TestServer.listAll(engine: .sqlite) { server in
            let device = try ListAllDevice.make("shared", on: server)
            defer { Task { await device.remove() } }
            try await device.client.account.register(email: "first@example.com", password: "correct horse", name: "First")
            try await device.client.account.register(email: "second@example.com", password: "correct horse", name: "Second", discardingUnsyncedChanges: true)
            try await device.client.account.login(email: "first@example.com", password: "correct horse")

            device.network.isOnline = false
            try await device.client.lists.create(named: "Offline")
            device.network.isOnline = true
            await #expect(throws: AccountError.unsyncedChanges(1)) {
                try await device.client.account.login(email: "second@example.com", password: "correct horse")
            }
            #expect(try await device.library().lists.map(\.name) == ["Offline"], "nothing was erased")
            // The same account may sign in again; the edit is still there and syncs.
            try await device.client.account.login(email: "FIRST@example.com", password: "correct horse")
            try await device.client.sync.sync()
            try await device.client.account.login(email: "second@example.com", password: "correct horse")
            #expect(try await device.library().lists.isEmpty, "once synced, switching starts from the other account's data")
        }
    }
}
