import Foundation
import HearthCore
import HearthTesting
import ListAllKit
import Testing

/// An export from one account imports into a fresh account unchanged: the same bytes when
/// exported again with the same "now" (spec §2.2, §3; §10.16 ids belong to their owner).
@Suite struct ExportImportRoundTripTests {
    @Test(arguments: TestEngine.available)
    func anExportImportsIntoAFreshAccountAndExportsToTheSameBytes(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let ann = try ListAllDevice.make("ann", on: server)
            let bob = try ListAllDevice.make("bob", on: server)
            defer { Task { await ann.remove(); await bob.remove() } }
            try await ann.client.account.register(email: "ann@example.com", password: "correct horse", name: "Ann")
            try await ann.client.lists.create(named: "Groceries")
            try await ann.client.items.add(to: "Groceries", title: "Milk", description: "2% low fat\nwhole", quantity: 2)
            try await ann.client.items.add(to: "Groceries", title: "Bread", pictures: [Data([0xFF, 0xD8, 0xFF, 0xD9])])
            try await ann.client.items.setCrossedOut("Bread", in: "Groceries", true)
            try await ann.client.lists.create(named: "Old")
            try await ann.client.lists.archive("Old")
            try await ann.client.sync.sync()

            var options = ExportOptions.default
            options.includeArchivedLists = true
            for type in ExportFileType.allCases {
                let exported = try await ann.client.transfer.export(as: type, options: options, now: ExportStamp.now, humanDate: ExportStamp.humanDate)
                #expect(!exported.isEmpty)
            }
            let json = try await ann.client.transfer.export(as: .json, options: options, now: ExportStamp.now, humanDate: ExportStamp.humanDate)

            try await bob.client.account.register(email: "bob@example.com", password: "correct horse", name: "Bob")
            let result = try await bob.client.transfer.importData(Data(json.utf8))
            #expect(result.wasSuccessful)
            #expect(result.listsCreated == 2 && result.itemsCreated == 2)
            try await bob.client.sync.sync()
            #expect(try bob.client.store.rejections().isEmpty, "the same ids are Bob's own documents")
            let again = try await bob.client.transfer.export(as: .json, options: options, now: ExportStamp.now, humanDate: ExportStamp.humanDate)
            #expect(again == json)

            // Ann's data is untouched by Bob's documents with the same ids.
            try await ann.client.sync.sync()
            #expect(try await ann.client.transfer.export(as: .json, options: options, now: ExportStamp.now, humanDate: ExportStamp.humanDate) == json)
        }
    }

    @Test(arguments: TestEngine.available)
    func aReplaceImportThatMovesItemsIntoAnotherListLosesNoItemOrImage(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let phone = try ListAllDevice.make("phone", on: server)
            let laptop = try ListAllDevice.make("laptop", on: server)
            defer { Task { await phone.remove(); await laptop.remove() } }
            try await phone.client.account.register(email: "move@example.com", password: "correct horse", name: "Mo")
            try await laptop.client.account.login(email: "move@example.com", password: "correct horse")
            try await phone.client.lists.create(named: "Old")
            for number in 0..<50 { try await phone.client.items.add(to: "Old", title: "Item \(number)") }
            try await phone.client.items.add(to: "Old", title: "Photo", pictures: [Data([0xFF, 0xD8, 0xFF, 0xD9])])
            try await phone.client.sync.sync()

            // The same items (same ids, same picture) now in a new list, imported with "replace all".
            var moved = try await phone.library()
            let newList = UUID()
            moved.lists[0].id = newList
            moved.lists[0].name = "New"
            for index in moved.lists[0].items.indices { moved.lists[0].items[index].listId = newList }
            let json = ListAllExporter(now: ExportStamp.now, humanDate: ExportStamp.humanDate).json(moved, options: .default)
            let result = try await phone.client.transfer.importData(Data(json.utf8), options: .replace)
            #expect(result.listsCreated == 1 && result.itemsCreated == 51)

            try await phone.client.sync.sync()
            try await laptop.client.sync.sync()
            for device in [phone, laptop] {
                let library = try await device.library()
                #expect(library.lists.map(\.name) == ["New"])
                #expect(library.lists.first?.items.count == 51)
                #expect(library.lists.first?.items.first { $0.title == "Photo" }?.images.count == 1)
            }
            #expect(try phone.client.store.rejections().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLargeImportReportsProgressAndReachesTheOtherDevice(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let phone = try ListAllDevice.make("phone", on: server)
            let laptop = try ListAllDevice.make("laptop", on: server)
            defer { Task { await phone.remove(); await laptop.remove() } }
            try await phone.client.account.register(email: "big@example.com", password: "correct horse", name: "Big")
            try await laptop.client.account.login(email: "big@example.com", password: "correct horse")
            // The app's text export layout: ten lists of 500 numbered items.
            let text = (0..<10).map { list in
                "List \(list)\n-------\n\n" + (1...500).map { "\($0). [ ] Item \(list)-\($0) (×\($0 % 7 + 1))\n" }.joined(separator: "\n")
            }.joined(separator: "\n")
            let events = EventLog()
            let result = try await phone.client.transfer.importData(Data(text.utf8)) { events.append($0) }
            #expect(result.listsCreated == 10 && result.itemsCreated == 5_000)
            let collected = events.events
            #expect(collected.count >= 5_000, "one event per item at least")
            #expect(collected.last?.percentage == 100)
            #expect(collected.last?.currentOperation == "Merge complete")
            try await phone.client.sync.sync()
            try await laptop.client.sync.sync()
            let items = try await laptop.library().lists.reduce(0) { $0 + $1.items.count }
            #expect(items == 5_000)
        }
    }
}

/// Collects progress events from the importer's callback.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ImportProgress] = []
    var events: [ImportProgress] { lock.withLock { recorded } }
    func append(_ event: ImportProgress) { lock.withLock { recorded.append(event) } }
}
