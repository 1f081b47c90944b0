import Foundation
import HearthCore
import HearthTesting
import ListAllKit
import Testing

/// One person, two devices: every list and item reaches the other device through the
/// server, offline edits included, and both end with the same library.
@Suite struct TwoDeviceSyncTests {
    @Test(arguments: TestEngine.available)
    func offlineEditsOnTwoDevicesConverge(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let phone = try ListAllDevice.make("phone", on: server)
            let laptop = try ListAllDevice.make("laptop", on: server)
            defer { Task { await phone.remove(); await laptop.remove() } }
            try await phone.client.account.register(email: "ann@example.com", password: "correct horse", name: "Ann")
            try await laptop.client.account.login(email: "ann@example.com", password: "correct horse")

            try await phone.client.lists.create(named: "Groceries")
            try await phone.client.items.add(to: "Groceries", title: "Milk", description: "2% low fat", quantity: 2)
            try await phone.client.items.add(to: "Groceries", title: "Bread")
            try await phone.client.lists.create(named: "Hardware")
            try await phone.client.sync.sync()
            try await laptop.client.sync.sync()
            #expect(try await laptop.library() == phone.library())

            // Both go offline and edit different things.
            phone.network.isOnline = false
            laptop.network.isOnline = false
            try await phone.client.items.setCrossedOut("Bread", in: "Groceries", true)
            try await phone.client.items.add(to: "Hardware", title: "Nails", quantity: 100)
            try await laptop.client.items.edit("Milk", in: "Groceries", quantity: 3)
            try await laptop.client.lists.rename("Hardware", to: "DIY")
            try await laptop.client.items.move("Milk", in: "Groceries", to: "DIY")
            #expect(await (try? phone.client.sync.sync()) == nil, "offline: the edits wait on the device")

            phone.network.isOnline = true
            laptop.network.isOnline = true
            for _ in 0..<2 {
                try await phone.client.sync.sync()
                try await laptop.client.sync.sync()
            }
            let phoneLibrary = try await phone.library()
            #expect(try await laptop.library() == phoneLibrary)
            let diy = try #require(phoneLibrary.activeLists.first { $0.name == "DIY" })
            #expect(Set(diy.items.map(\.title)) == ["Nails", "Milk"])
            #expect(diy.items.first { $0.title == "Milk" }?.quantity == 3)
            #expect(phoneLibrary.activeLists.first { $0.name == "Groceries" }?.items.map(\.isCrossedOut) == [true])
            #expect(try phone.client.store.pendingCount() == 0 && laptop.client.store.pendingCount() == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func editsBetweenSyncsReachTheServerInTheOrderTheyWereMade(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let phone = try ListAllDevice.make("phone", on: server)
            defer { Task { await phone.remove() } }
            try await phone.client.account.register(email: "order@example.com", password: "correct horse", name: "Or")
            try await phone.client.lists.create(named: "Inbox")
            try await phone.client.items.add(to: "Inbox", title: "Paint")
            try await phone.client.sync.sync()
            // Without a sync in between: edit the item, create a list, move the item into it.
            try await phone.client.items.edit("Paint", in: "Inbox", quantity: 2)
            try await phone.client.lists.create(named: "Garage")
            try await phone.client.items.move("Paint", in: "Inbox", to: "Garage")
            try await phone.client.sync.sync()
            #expect(try phone.client.store.rejections().isEmpty, "the item must not reach the server before its new list")
            let garage = try #require(try await phone.library().activeLists.first { $0.name == "Garage" })
            #expect(garage.items.map(\.title) == ["Paint"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aPermanentDeleteRemovesTheListItsItemsAndImagesEverywhere(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let phone = try ListAllDevice.make("phone", on: server)
            let laptop = try ListAllDevice.make("laptop", on: server)
            defer { Task { await phone.remove(); await laptop.remove() } }
            try await phone.client.account.register(email: "del@example.com", password: "correct horse", name: "Del")
            try await laptop.client.account.login(email: "del@example.com", password: "correct horse")
            try await phone.client.lists.create(named: "Old")
            try await phone.client.items.add(to: "Old", title: "Photo", pictures: [Data([0xFF, 0xD8, 0xFF, 0xD9])])
            try await phone.client.sync.sync()
            try await laptop.client.sync.sync()
            #expect(try await laptop.library().lists.first?.items.first?.images.count == 1)

            try await phone.client.lists.archive("Old")
            try await phone.client.lists.deletePermanently("Old")
            try await phone.client.sync.sync()
            try await laptop.client.sync.sync()
            #expect(try await laptop.library().lists.isEmpty)
            #expect(try laptop.client.store.allDocuments().isEmpty, "no item or image is left behind")
        }
    }
}
