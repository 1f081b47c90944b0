import Foundation
import HearthCore
import ListAllKit

/// How `hearth list` shows lists and items: table rows for people, JSON in the export's
/// field names for scripts.
enum ListOutput {
    static let listHeaders = ["#", "name", "items", "id"]

    static func row(_ list: ItemList, position: Int?) -> [String] {
        [
            position.map(String.init) ?? "-", list.name, "\(list.activeItemCount) open / \(list.itemCount)",
            list.id.uuidString,
        ]
    }

    static func json(_ list: ItemList) -> JSONValue {
        [
            "id": .string(list.id.uuidString), "name": .string(list.name), "orderNumber": .int(Int64(list.orderNumber)),
            "isArchived": .bool(list.isArchived), "itemCount": .int(Int64(list.itemCount)),
            "activeItemCount": .int(Int64(list.activeItemCount)), "createdAt": .string(MachineDate.format(list.createdAt)),
            "modifiedAt": .string(MachineDate.format(list.modifiedAt)),
        ]
    }

    static let itemHeaders = ["#", "done", "title", "qty", "description", "images", "id"]

    static func row(_ item: ListItem) -> [String] {
        let firstLine = item.displayDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return [
            String(item.orderNumber), item.isCrossedOut ? "✓" : "", item.displayTitle, item.formattedQuantity,
            firstLine.count > 40 ? String(firstLine.prefix(39)) + "…" : firstLine, item.hasImages ? String(item.imageCount) : "",
            item.id.uuidString,
        ]
    }

    static func json(_ item: ListItem) -> JSONValue {
        [
            "id": .string(item.id.uuidString), "listId": item.listId.map { .string($0.uuidString) } ?? .null,
            "title": .string(item.title), "description": .string(item.itemDescription ?? ""),
            "quantity": .int(Int64(item.quantity)), "orderNumber": .int(Int64(item.orderNumber)),
            "isCrossedOut": .bool(item.isCrossedOut), "imageCount": .int(Int64(item.imageCount)),
            "createdAt": .string(MachineDate.format(item.createdAt)), "modifiedAt": .string(MachineDate.format(item.modifiedAt)),
        ]
    }
}
