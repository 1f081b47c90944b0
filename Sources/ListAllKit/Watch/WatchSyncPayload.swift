import Foundation
import HearthCore

/// Why watch sync bytes could not be read.
public enum WatchSyncError: Error, Sendable, Hashable {
    case invalidJSON(String)
    /// A required key is missing or has the wrong type; `path` names it, e.g. `[0].items[2].title`.
    case invalidField(path: String)
    case unknownDataType(String)
}

/// The phone ↔ watch full-sync payload (spec §6.2): the active lists with their items, images
/// stripped (only their count travels), dates in whole seconds.
public struct WatchSyncPayload: Sendable, Hashable {
    /// 256 KiB: a payload whose JSON is larger is not sent; exactly this size is.
    public static let maximumBytes = 262_144

    public struct Item: Sendable, Hashable, Identifiable {
        public var id: UUID
        public var title: String
        public var itemDescription: String?
        public var quantity: Int
        public var orderNumber: Int
        public var isCrossedOut: Bool
        public var createdAt: Date
        public var modifiedAt: Date
        public var listId: UUID?
        public var imageCount: Int

        public init(
            id: UUID, title: String, itemDescription: String? = nil, quantity: Int = 1, orderNumber: Int = 0,
            isCrossedOut: Bool = false, createdAt: Date, modifiedAt: Date, listId: UUID? = nil, imageCount: Int = 0
        ) {
            self.id = id
            self.title = title
            self.itemDescription = itemDescription
            self.quantity = quantity
            self.orderNumber = orderNumber
            self.isCrossedOut = isCrossedOut
            self.createdAt = createdAt
            self.modifiedAt = modifiedAt
            self.listId = listId
            self.imageCount = imageCount
        }

        /// The item as sent: dates truncated to whole seconds, images counted.
        public init(_ item: ListItem) {
            self.init(
                id: item.id, title: item.title, itemDescription: item.itemDescription, quantity: item.quantity,
                orderNumber: item.orderNumber, isCrossedOut: item.isCrossedOut,
                createdAt: WatchSyncPayload.wholeSeconds(item.createdAt),
                modifiedAt: WatchSyncPayload.wholeSeconds(item.modifiedAt), listId: item.listId,
                imageCount: item.imageCount)
        }

        /// The received item as a local item, without images.
        public var listItem: ListItem {
            ListItem(
                id: id, title: title, itemDescription: itemDescription, quantity: quantity, orderNumber: orderNumber,
                isCrossedOut: isCrossedOut, createdAt: createdAt, modifiedAt: modifiedAt, listId: listId)
        }
    }

    public struct List: Sendable, Hashable, Identifiable {
        public var id: UUID
        public var name: String
        public var orderNumber: Int
        public var createdAt: Date
        public var modifiedAt: Date
        public var isArchived: Bool
        public var items: [Item]

        public init(
            id: UUID, name: String, orderNumber: Int = 0, createdAt: Date, modifiedAt: Date, isArchived: Bool = false,
            items: [Item] = []
        ) {
            self.id = id
            self.name = name
            self.orderNumber = orderNumber
            self.createdAt = createdAt
            self.modifiedAt = modifiedAt
            self.isArchived = isArchived
            self.items = items
        }

        /// The list as sent: items deduplicated by id (a later copy replaces an earlier one only
        /// when strictly newer, and takes the earlier one's place), dates truncated.
        public init(_ list: ItemList) {
            var items: [ListItem] = []
            var positions: [UUID: Int] = [:]
            for item in list.items {
                if let position = positions[item.id] {
                    if item.modifiedAt > items[position].modifiedAt { items[position] = item }
                } else {
                    positions[item.id] = items.count
                    items.append(item)
                }
            }
            self.init(
                id: list.id, name: list.name, orderNumber: list.orderNumber,
                createdAt: WatchSyncPayload.wholeSeconds(list.createdAt),
                modifiedAt: WatchSyncPayload.wholeSeconds(list.modifiedAt), isArchived: list.isArchived,
                items: items.map(Item.init))
        }
    }

    public var lists: [List]

    public init(lists: [List]) {
        self.lists = lists
    }

    /// What the phone sends for `library`: its active lists, in order.
    public init(library: ListAllLibrary) {
        self.init(lists: library.activeLists.map(List.init))
    }

    /// The payload bytes for `library`, or `nil` when they exceed 262,144 bytes and nothing
    /// may be sent.
    public static func encode(library: ListAllLibrary) -> Data? {
        WatchSyncPayload(library: library).encodedIfSendable()
    }

    /// The encoded bytes, or `nil` when over `maximumBytes`.
    public func encodedIfSendable() -> Data? {
        let data = encoded()
        return data.count <= Self.maximumBytes ? data : nil
    }

    /// Compact JSON array of list objects, keys sorted, `itemDescription` and `listId`
    /// omitted when nil, machine dates.
    public func encoded() -> Data {
        Data(JSONValue.array(lists.map(Self.json)).serialized())
    }

    /// Reads payload bytes; the dates must be machine dates (fractions accepted).
    public init(decoding data: Data) throws(WatchSyncError) {
        let value: JSONValue
        do {
            value = try JSONParser().parse([UInt8](data))
        } catch {
            throw .invalidJSON(error.description)
        }
        guard let lists = value.arrayValue else { throw .invalidField(path: "") }
        var decoded: [List] = []
        for (index, list) in lists.enumerated() {
            decoded.append(try Self.list(from: list, path: "[\(index)]"))
        }
        self.init(lists: decoded)
    }

    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    private static func json(_ list: List) -> JSONValue {
        .object([
            "id": .string(list.id.uuidString), "name": .string(list.name), "orderNumber": .int(Int64(list.orderNumber)),
            "createdAt": .string(MachineDate.format(list.createdAt)),
            "modifiedAt": .string(MachineDate.format(list.modifiedAt)), "isArchived": .bool(list.isArchived),
            "items": .array(list.items.map(json)),
        ])
    }

    private static func json(_ item: Item) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(item.id.uuidString), "title": .string(item.title), "quantity": .int(Int64(item.quantity)),
            "orderNumber": .int(Int64(item.orderNumber)), "isCrossedOut": .bool(item.isCrossedOut),
            "createdAt": .string(MachineDate.format(item.createdAt)),
            "modifiedAt": .string(MachineDate.format(item.modifiedAt)), "imageCount": .int(Int64(item.imageCount)),
        ]
        if let description = item.itemDescription { object["itemDescription"] = .string(description) }
        if let listId = item.listId { object["listId"] = .string(listId.uuidString) }
        return .object(object)
    }

    private static func list(from value: JSONValue, path: String) throws(WatchSyncError) -> List {
        let fields = Fields(value: value, path: path)
        guard let items = value["items"]?.arrayValue else { throw .invalidField(path: path + ".items") }
        var decodedItems: [Item] = []
        for (index, item) in items.enumerated() {
            decodedItems.append(try Self.item(from: item, path: path + ".items[\(index)]"))
        }
        return List(
            id: try fields.uuid("id"), name: try fields.string("name"), orderNumber: try fields.int("orderNumber"),
            createdAt: try fields.date("createdAt"), modifiedAt: try fields.date("modifiedAt"),
            isArchived: try fields.bool("isArchived"), items: decodedItems)
    }

    private static func item(from value: JSONValue, path: String) throws(WatchSyncError) -> Item {
        let fields = Fields(value: value, path: path)
        return Item(
            id: try fields.uuid("id"), title: try fields.string("title"),
            itemDescription: try fields.optional("itemDescription") { $0.stringValue },
            quantity: try fields.int("quantity"), orderNumber: try fields.int("orderNumber"),
            isCrossedOut: try fields.bool("isCrossedOut"), createdAt: try fields.date("createdAt"),
            modifiedAt: try fields.date("modifiedAt"),
            listId: try fields.optional("listId") { $0.stringValue.flatMap(UUID.init(uuidString:)) },
            imageCount: try fields.int("imageCount"))
    }

    /// Typed access to one JSON object's members, naming the failing key.
    private struct Fields {
        let value: JSONValue
        let path: String

        func required<T>(_ key: String, _ read: (JSONValue) -> T?) throws(WatchSyncError) -> T {
            guard let member = value[key], let result = read(member) else { throw .invalidField(path: path + "." + key) }
            return result
        }

        /// Missing or `null` is nil; a present value of the wrong type is an error.
        func optional<T>(_ key: String, _ read: (JSONValue) -> T?) throws(WatchSyncError) -> T? {
            guard let member = value[key], !member.isNull else { return nil }
            guard let result = read(member) else { throw .invalidField(path: path + "." + key) }
            return result
        }

        func string(_ key: String) throws(WatchSyncError) -> String { try required(key) { $0.stringValue } }
        func bool(_ key: String) throws(WatchSyncError) -> Bool { try required(key) { $0.boolValue } }
        func int(_ key: String) throws(WatchSyncError) -> Int { try required(key) { $0.intValue.flatMap { Int(exactly: $0) } } }
        func uuid(_ key: String) throws(WatchSyncError) -> UUID {
            try required(key) { $0.stringValue.flatMap(UUID.init(uuidString:)) }
        }
        func date(_ key: String) throws(WatchSyncError) -> Date { try required(key) { $0.stringValue.flatMap(MachineDate.parse) } }
    }
}
