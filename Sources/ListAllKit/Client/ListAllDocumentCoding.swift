import Foundation
import HearthCore

/// How the library's entities travel as sync documents (collections `lists`, `items`,
/// `images`; ids are upper-case UUIDs): the field names of the JSON export (spec §2.2),
/// dates as ISO-8601 with milliseconds so no edit order is lost (the export truncates them
/// to seconds), an item's missing description as "".
enum ListAllDocumentCoding {
    static let lists = "lists"
    static let items = "items"
    static let images = "images"
    static let preferences = "preferences"
    static let preferencesID = "preferences"

    static func data(_ list: ItemList) -> JSONValue {
        [
            "name": .string(list.name), "orderNumber": .int(Int64(list.orderNumber)), "isArchived": .bool(list.isArchived),
            "createdAt": .string(stamp(list.createdAt)), "modifiedAt": .string(stamp(list.modifiedAt)),
        ]
    }

    static func data(_ item: ListItem, in listID: UUID) -> JSONValue {
        [
            "listId": .string(listID.uuidString), "title": .string(item.title), "description": .string(item.itemDescription ?? ""),
            "quantity": .int(Int64(item.quantity)), "orderNumber": .int(Int64(item.orderNumber)),
            "isCrossedOut": .bool(item.isCrossedOut), "createdAt": .string(stamp(item.createdAt)),
            "modifiedAt": .string(stamp(item.modifiedAt)),
        ]
    }

    static func data(_ image: ItemImage, of itemID: UUID) -> JSONValue {
        [
            "itemId": .string(itemID.uuidString), "orderNumber": .int(Int64(image.orderNumber)),
            "createdAt": .string(stamp(image.createdAt)), "imageData": .string(image.imageData?.base64EncodedString() ?? ""),
        ]
    }

    static func list(id: String, _ data: JSONValue) -> ItemList? {
        guard let id = UUID(uuidString: id), let name = data["name"]?.stringValue else { return nil }
        return ItemList(
            id: id, name: name, orderNumber: int(data["orderNumber"]), createdAt: date(data["createdAt"]),
            modifiedAt: date(data["modifiedAt"]), isArchived: data["isArchived"]?.boolValue ?? false)
    }

    /// The item and the id of its list.
    static func item(id: String, _ data: JSONValue) -> (item: ListItem, listID: UUID)? {
        guard let id = UUID(uuidString: id), let listID = data["listId"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
            return nil
        }
        let description = data["description"]?.stringValue ?? ""
        let item = ListItem(
            id: id, title: data["title"]?.stringValue ?? ListItem.untitled, itemDescription: description.isEmpty ? nil : description,
            quantity: data["quantity"]?.intValue.map { Int($0) } ?? 1, orderNumber: int(data["orderNumber"]),
            isCrossedOut: data["isCrossedOut"]?.boolValue ?? false, createdAt: date(data["createdAt"]),
            modifiedAt: date(data["modifiedAt"]), listId: listID)
        return (item, listID)
    }

    static func image(id: String, _ data: JSONValue) -> (image: ItemImage, itemID: UUID)? {
        guard let id = UUID(uuidString: id), let itemID = data["itemId"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
            return nil
        }
        let bytes = data["imageData"]?.stringValue.flatMap { Data(base64Encoded: $0) }
        return (ItemImage(id: id, imageData: bytes, orderNumber: int(data["orderNumber"]), itemId: itemID, createdAt: date(data["createdAt"])), itemID)
    }

    static func stamp(_ date: Date) -> String { Timestamp(date).iso8601 }

    private static func date(_ value: JSONValue?) -> Date {
        value?.stringValue.flatMap(MachineDate.parse) ?? Date(timeIntervalSince1970: 0)
    }

    private static func int(_ value: JSONValue?) -> Int {
        value?.intValue.flatMap { Int(exactly: $0) } ?? 0
    }
}
