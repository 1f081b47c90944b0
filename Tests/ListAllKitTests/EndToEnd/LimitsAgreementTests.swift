import Foundation
import HearthTesting
import ListAllKit
import Testing

/// The client's limits and the server's agree: what an import accepts at every limit the
/// server accepts too, so nothing is undone at the next sync.
@Suite struct LimitsAgreementTests {
    @Test func anImportAtEveryLimitSyncsWithoutARefusal() async throws {
        try await TestServer.listAll(engine: .sqlite) { server in
            let phone = try ListAllDevice.make("limits", on: server)
            defer { Task { await phone.remove() } }
            try await phone.client.account.register(email: "limits@example.com", password: "correct horse", name: "Li")
            let json = ImportLimitsTests.document(
                listName: String(repeating: "👨‍👩‍👧", count: 100), title: String(repeating: "é", count: 200), images: 10)
            let result = try await phone.client.transfer.importData(Data(json.utf8))
            #expect(result.wasSuccessful)
            let edited = try await phone.client.items.edit(
                String(repeating: "é", count: 200), in: String(repeating: "👨‍👩‍👧", count: 100),
                description: String(repeating: "d", count: 50_000), quantity: 9_999)
            #expect(edited.quantity == 9_999)
            try await phone.client.sync.sync()
            let refused = try phone.client.store.rejections()
            #expect(refused.isEmpty, "\(refused.map { "\($0.collection) \($0.code): \($0.message)" })")
            #expect(try phone.client.store.pendingCount() == 0)
        }
    }
}
