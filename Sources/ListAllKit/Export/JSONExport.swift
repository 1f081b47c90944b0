import Foundation

/// The JSON document (spec §2.2): `{exportDate, lists, version: "1.0"}`, keys sorted,
/// pretty-printed as Apple's encoder writes it. Descriptions, quantities and dates are
/// always written; `nil` descriptions as `""`.
extension ListAllExporter {
    public static let jsonVersion = "1.0"

    public func json(_ library: ListAllLibrary, options: ExportOptions) -> String {
        let lists = ExportSelection.lists(of: library, options: options)
        var writer = PrettyJSONWriter(reservingCapacity: Self.estimatedJSONSize(of: lists))
        writer.beginObject()
        writer.key("exportDate")
        writer.value(now)
        writer.key("lists")
        writer.beginArray()
        for list in lists {
            writer.element()
            Self.writeList(list, options: options, to: &writer)
        }
        writer.endArray()
        writer.key("version")
        writer.value(Self.jsonVersion)
        writer.endObject()
        return writer.string
    }

    /// One list object, as it appears in the `lists` array and, alone, in a single-list share.
    static func jsonList(_ list: ItemList, options: ExportOptions) -> String {
        var writer = PrettyJSONWriter(reservingCapacity: estimatedJSONSize(of: [list]))
        writeList(list, options: options, to: &writer)
        return writer.string
    }

    static func writeList(_ list: ItemList, options: ExportOptions, to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("createdAt")
        writer.value(list.createdAt)
        writer.key("id")
        writer.value(list.id)
        writer.key("isArchived")
        writer.value(list.isArchived)
        writer.key("items")
        writer.beginArray()
        for item in ExportSelection.items(of: list, options: options) {
            writer.element()
            writeItem(item, options: options, to: &writer)
        }
        writer.endArray()
        writer.key("modifiedAt")
        writer.value(list.modifiedAt)
        writer.key("name")
        writer.value(list.name)
        writer.key("orderNumber")
        writer.value(list.orderNumber)
        writer.endObject()
    }

    private static func writeItem(_ item: ListItem, options: ExportOptions, to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("createdAt")
        writer.value(item.createdAt)
        writer.key("description")
        writer.value(item.itemDescription ?? "")
        writer.key("id")
        writer.value(item.id)
        writer.key("images")
        writer.beginArray()
        for image in ExportSelection.images(of: item, options: options) {
            writer.element()
            writeImage(image, to: &writer)
        }
        writer.endArray()
        writer.key("isCrossedOut")
        writer.value(item.isCrossedOut)
        writer.key("modifiedAt")
        writer.value(item.modifiedAt)
        writer.key("orderNumber")
        writer.value(item.orderNumber)
        writer.key("quantity")
        writer.value(item.quantity)
        writer.key("title")
        writer.value(item.title)
        writer.endObject()
    }

    private static func writeImage(_ image: ItemImage, to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("createdAt")
        writer.value(image.createdAt)
        writer.key("id")
        writer.value(image.id)
        writer.key("imageData")
        writer.value(base64: image.imageData ?? Data())
        writer.key("orderNumber")
        writer.value(image.orderNumber)
        writer.endObject()
    }

    /// A rough byte count, so the buffer seldom grows: ~450 bytes per item plus its text and images.
    private static func estimatedJSONSize(of lists: [ItemList]) -> Int {
        var size = 128
        for list in lists {
            size += 300 + list.name.utf8.count
            for item in list.items {
                size += 450 + item.title.utf8.count + (item.itemDescription?.utf8.count ?? 0)
                for image in item.images { size += 200 + (image.imageData?.count ?? 0) * 4 / 3 }
            }
        }
        return size
    }
}
