import Foundation
import HearthCore

/// Reads the §2.2 export document (spec §3.2): every key required at every level, unknown
/// keys ignored, integral numbers only (`2.0` is fine, `2.5` is not), UUIDs in any case,
/// ISO-8601 dates with `Z` or `±hh:mm` and optional fractions (§10.10). A bare list
/// object, as a single-list share writes it, is read as a document holding that list
/// (§10.7). Every failure is `ImportError.decodingFailed`.
enum ImportJSONDecoder {
    /// Large enough for whole-store backups with pictures (5 MiB each, base64-encoded).
    private static let limits = JSONParser.Limits(maxBytes: 1 << 30, maxDepth: 64, maxStringBytes: 8 << 20)

    static func decode(_ data: Data, now: Date) throws(ImportError) -> ImportDocument {
        let root: JSONValue
        do {
            root = try JSONParser(limits: limits).parse(data)
        } catch {
            throw .decodingFailed(error.description)
        }
        guard case .object(let members) = root else {
            throw .decodingFailed("The top-level value is not an object")
        }
        if members["lists"] == nil, members["version"] == nil, members["items"] != nil {
            let list = try decodeList(members, path: "list")
            return ImportDocument(exportDate: now, lists: [list])
        }
        let fields = Fields(members, path: "document")
        let version = try fields.string("version")
        let exportDate = try fields.date("exportDate")
        let lists = try fields.array("lists").enumerated().map { (index, value) throws(ImportError) in
            try decodeList(try object(value, path: "lists[\(index)]"), path: "lists[\(index)]")
        }
        return ImportDocument(version: version, exportDate: exportDate, lists: lists)
    }

    private static func decodeList(_ members: [String: JSONValue], path: String) throws(ImportError) -> ImportedList {
        let fields = Fields(members, path: path)
        let items = try fields.array("items").enumerated().map { (index, value) throws(ImportError) in
            let itemPath = "\(path).items[\(index)]"
            return try decodeItem(try object(value, path: itemPath), path: itemPath)
        }
        return ImportedList(
            id: try fields.uuid("id"), name: try fields.string("name"), orderNumber: try fields.int("orderNumber"),
            isArchived: try fields.bool("isArchived"), createdAt: try fields.date("createdAt"),
            modifiedAt: try fields.date("modifiedAt"), items: items)
    }

    private static func decodeItem(_ members: [String: JSONValue], path: String) throws(ImportError) -> ImportedItem {
        let fields = Fields(members, path: path)
        let images = try fields.array("images").enumerated().map { (index, value) throws(ImportError) in
            let imagePath = "\(path).images[\(index)]"
            let image = Fields(try object(value, path: imagePath), path: imagePath)
            return ImportedImage(
                id: try image.uuid("id"), imageData: try image.string("imageData"),
                orderNumber: try image.int("orderNumber"), createdAt: try image.date("createdAt"))
        }
        return ImportedItem(
            id: try fields.uuid("id"), title: try fields.string("title"), description: try fields.string("description"),
            quantity: try fields.int("quantity"), orderNumber: try fields.int("orderNumber"),
            isCrossedOut: try fields.bool("isCrossedOut"), createdAt: try fields.date("createdAt"),
            modifiedAt: try fields.date("modifiedAt"), images: images)
    }

    private static func object(_ value: JSONValue, path: String) throws(ImportError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw .decodingFailed("\(path) is not an object") }
        return members
    }

    /// Typed access to one object's members, with the path in every message.
    private struct Fields {
        let members: [String: JSONValue]
        let path: String

        init(_ members: [String: JSONValue], path: String) {
            self.members = members
            self.path = path
        }

        func value(_ key: String) throws(ImportError) -> JSONValue {
            guard let value = members[key] else { throw .decodingFailed("Missing key '\(key)' in \(path)") }
            return value
        }

        func mismatch(_ key: String, _ expected: String) -> ImportError {
            .decodingFailed("\(path).\(key) is not \(expected)")
        }

        func string(_ key: String) throws(ImportError) -> String {
            guard case .string(let text) = try value(key) else { throw mismatch(key, "a string") }
            return text
        }

        func bool(_ key: String) throws(ImportError) -> Bool {
            guard case .bool(let flag) = try value(key) else { throw mismatch(key, "a boolean") }
            return flag
        }

        func int(_ key: String) throws(ImportError) -> Int {
            guard let number = try value(key).intValue, let result = Int(exactly: number) else {
                throw mismatch(key, "an integer")
            }
            return result
        }

        func array(_ key: String) throws(ImportError) -> [JSONValue] {
            guard case .array(let elements) = try value(key) else { throw mismatch(key, "an array") }
            return elements
        }

        func uuid(_ key: String) throws(ImportError) -> UUID {
            let text = try string(key)
            guard text.utf8.count == 36, let id = UUID(uuidString: text) else { throw mismatch(key, "a UUID") }
            return id
        }

        func date(_ key: String) throws(ImportError) -> Date {
            guard let date = MachineDate.parse(try string(key)) else { throw mismatch(key, "an ISO-8601 date") }
            return date
        }
    }
}
