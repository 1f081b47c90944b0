import Foundation
import ListAllKit
import Testing

/// The phone → watch full-sync payload (spec §6.2 sender) and its envelope.
struct WatchSyncPayloadTests {
    static let t0 = FixtureF.date("2025-01-15T10:30:00Z")

    /// One list with `itemCount` items and a name of `nameLength` ASCII characters.
    static func library(nameLength: Int, itemCount: Int) -> ListAllLibrary {
        let listID = FixtureF.uuid("AAAAAAAA-0000-0000-0000-000000000000")
        let items = (0..<itemCount).map { index in
            ListItem(
                id: FixtureF.uuid("BBBBBBBB-0000-0000-0000-" + String(repeating: "0", count: 12 - String(index).count) + String(index)), title: "Item \(index % 10)",
                quantity: 1, orderNumber: index, createdAt: t0, listId: listID)
        }
        let name = String(repeating: "n", count: nameLength)
        return ListAllLibrary(lists: [ItemList(id: listID, name: name, createdAt: t0, items: items)])
    }

    @Test func payloadOfExactly262144BytesIsSentAnd262145IsNot() throws {
        let base = try #require(WatchSyncPayload.encode(library: Self.library(nameLength: 0, itemCount: 1000)))
        let padding = WatchSyncPayload.maximumBytes - base.count
        #expect(padding > 0)

        let atCap = Self.library(nameLength: padding, itemCount: 1000)
        #expect(WatchSyncPayload(library: atCap).encoded().count == 262_144)
        let sent = WatchSyncPayload.encode(library: atCap)
        #expect(sent?.count == 262_144)

        let overCap = Self.library(nameLength: padding + 1, itemCount: 1000)
        #expect(WatchSyncPayload(library: overCap).encoded().count == 262_145)
        let notSent = WatchSyncPayload.encode(library: overCap)
        #expect(notSent == nil)
        let envelope = WatchSyncEnvelope.fullSync(library: overCap, now: FixtureF.now)
        #expect(envelope == nil)
    }

    @Test func fixturePayloadIsCompactJSONWithTheListedKeys() throws {
        let data = try #require(WatchSyncPayload.encode(library: FixtureF.library))
        let expected =
            #"[{"createdAt":"2025-01-15T10:30:00Z","id":"11111111-1111-1111-1111-111111111111","isArchived":false,"items":["#
            + #"{"createdAt":"2025-01-15T10:31:00Z","id":"22222222-2222-2222-2222-222222222221","imageCount":0,"#
            + #""isCrossedOut":false,"itemDescription":"2% low fat","listId":"11111111-1111-1111-1111-111111111111","#
            + #""modifiedAt":"2025-01-15T10:32:00Z","orderNumber":0,"quantity":2,"title":"Milk"},"#
            + #"{"createdAt":"2025-01-15T10:33:00Z","id":"22222222-2222-2222-2222-222222222222","imageCount":1,"#
            + #""isCrossedOut":true,"listId":"11111111-1111-1111-1111-111111111111","modifiedAt":"2025-01-15T10:34:00Z","#
            + #""orderNumber":1,"quantity":1,"title":"Bread"}],"#
            + #""modifiedAt":"2025-01-15T10:30:00Z","name":"Groceries","orderNumber":0},"#
            + #"{"createdAt":"2025-01-14T08:00:00Z","id":"33333333-3333-3333-3333-333333333333","isArchived":false,"#
            + #""items":[],"modifiedAt":"2025-01-14T09:00:00Z","name":"Empty","orderNumber":1}]"#
        #expect(String(decoding: data, as: UTF8.self) == expected)
        // Images never travel.
        #expect(!String(decoding: data, as: UTF8.self).contains("/9j/"))
    }

    @Test func onlyActiveListsAreSentInOrder() {
        var library = FixtureF.library
        library.lists.append(ItemList(name: "Old", orderNumber: 2, createdAt: Self.t0, isArchived: true))
        library.lists[0].orderNumber = 5
        let payload = WatchSyncPayload(library: library)
        #expect(payload.lists.map(\.name) == ["Empty", "Groceries"])
    }

    @Test func itemsAreDeduplicatedKeepingStrictlyNewer() throws {
        let listID = UUID()
        let a = UUID()
        let b = UUID()
        let t1 = Self.t0.addingTimeInterval(60)
        let list = ItemList(
            id: listID, name: "L", createdAt: Self.t0,
            items: [
                ListItem(id: a, title: "A old", createdAt: Self.t0, modifiedAt: Self.t0, listId: listID),
                ListItem(id: b, title: "B first", createdAt: Self.t0, modifiedAt: t1, listId: listID),
                ListItem(id: a, title: "A new", createdAt: Self.t0, modifiedAt: t1, listId: listID),
                ListItem(id: b, title: "B tie", createdAt: Self.t0, modifiedAt: t1, listId: listID),
            ])
        let payload = WatchSyncPayload(library: ListAllLibrary(lists: [list]))
        let titles = try #require(payload.lists.first).items.map(\.title)
        #expect(titles.sorted() == ["A new", "B first"])
    }

    @Test func datesAreTruncatedToWholeSeconds() throws {
        let created = FixtureF.date("2025-01-15T10:30:00Z").addingTimeInterval(0.789)
        let item = ListItem(title: "T", createdAt: created, modifiedAt: created.addingTimeInterval(1))
        let library = ListAllLibrary(lists: [ItemList(name: "L", createdAt: created, items: [item])])
        let text = String(decoding: try #require(WatchSyncPayload.encode(library: library)), as: UTF8.self)
        #expect(text.contains(#""createdAt":"2025-01-15T10:30:00Z""#))
        #expect(text.contains(#""modifiedAt":"2025-01-15T10:30:01Z""#))
        #expect(!text.contains("listId"))
        #expect(!text.contains("itemDescription"))
        let decoded = try WatchSyncPayload(decoding: text.data(using: .utf8) ?? Data())
        #expect(decoded.lists.first?.createdAt == FixtureF.date("2025-01-15T10:30:00Z"))
    }

    @Test func payloadDecodesBackToTheSameValue() throws {
        let payload = WatchSyncPayload(library: FixtureF.library)
        #expect(try WatchSyncPayload(decoding: payload.encoded()) == payload)
    }

    @Test func malformedPayloadsAreErrors() {
        #expect(throws: WatchSyncError.invalidField(path: "")) { try WatchSyncPayload(decoding: Data("{}".utf8)) }
        #expect(throws: WatchSyncError.invalidField(path: "[0].name")) {
            try WatchSyncPayload(
                decoding: Data(
                    #"[{"id":"11111111-1111-1111-1111-111111111111","orderNumber":0,"createdAt":"2025-01-15T10:30:00Z","modifiedAt":"2025-01-15T10:30:00Z","isArchived":false,"items":[]}]"#
                        .utf8))
        }
        #expect(throws: WatchSyncError.self) { try WatchSyncPayload(decoding: Data("[".utf8)) }
    }

    @Test func envelopeCarriesThePayloadAsBase64WithATimestamp() throws {
        let envelope = try #require(WatchSyncEnvelope.fullSync(library: FixtureF.library, now: FixtureF.now))
        let payload = try #require(WatchSyncPayload.encode(library: FixtureF.library))
        #expect(envelope.dataType == "fullSync")
        #expect(envelope.listsData == payload)
        #expect(envelope.timestamp == 1_737_014_400)
        let text = String(decoding: envelope.encoded(), as: UTF8.self)
        #expect(text == #"{"dataType":"fullSync","listsData":""# + payload.base64EncodedString() + #"","timestamp":1737014400.0}"#)

        let received = try WatchSyncEnvelope(decoding: envelope.encoded())
        #expect(received == envelope)
        #expect(try received.payload() == WatchSyncPayload(library: FixtureF.library))
        var other = envelope
        other.dataType = "ping"
        #expect(throws: WatchSyncError.unknownDataType("ping")) { try other.payload() }
    }
}
