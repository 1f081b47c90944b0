import Foundation
import HearthCore
import HearthServer

/// What a pushed document of each collection must look like (spec §1.1–§1.4, §1.7, §2.2
/// field names). Of lists, items and images only the known fields are stored; preferences
/// are kept as sent (checked types, at most 64 KiB). A document that breaks a rule is
/// rejected with a message naming the field.
struct ListAllDocumentShape {
    let collection: ListAllCollection

    func validated(_ data: JSONValue) throws -> JSONValue {
        let fields = DocumentFields(data)
        switch collection {
        case .lists:
            return [
                "name": .string(try fields.name("name", maxLength: ListAllLimits.maxNameLength, subject: "List name")),
                "orderNumber": .int(try fields.orderNumber()),
                "isArchived": .bool(try fields.bool("isArchived")),
                "createdAt": .string(try fields.date("createdAt")),
                "modifiedAt": .string(try fields.date("modifiedAt")),
            ]
        case .items:
            let quantity = try fields.int("quantity")
            guard (0...ListAllLimits.maxQuantity).contains(quantity) else {
                throw APIError.validation("'quantity' must be between 0 and \(ListAllLimits.maxQuantity)")
            }
            return [
                "listId": .string(try fields.uuid("listId")),
                "title": .string(try fields.name("title", maxLength: ListAllLimits.maxTitleLength, subject: "Item title")),
                "description": .string(try fields.description()),
                "quantity": .int(Int64(quantity)),
                "orderNumber": .int(try fields.orderNumber()),
                "isCrossedOut": .bool(try fields.bool("isCrossedOut")),
                "createdAt": .string(try fields.date("createdAt")),
                "modifiedAt": .string(try fields.date("modifiedAt")),
            ]
        case .images:
            return [
                "itemId": .string(try fields.uuid("itemId")),
                "orderNumber": .int(try fields.orderNumber()),
                "createdAt": .string(try fields.date("createdAt")),
                "imageData": .string(try fields.imageData()),
            ]
        case .preferences:
            guard case .object(let object) = data else { throw APIError.validation("A document must be a JSON object") }
            if let show = object["showCrossedOutItems"], show.boolValue == nil {
                throw APIError.validation("'showCrossedOutItems' must be true or false")
            }
            if let export = object["exportPreferences"], export != .null, export.objectValue == nil {
                throw APIError.validation("'exportPreferences' must be an object or null")
            }
            return data
        }
    }
}

/// Typed reads of a pushed document's fields, each failing with a message naming the field.
struct DocumentFields {
    let data: JSONValue

    init(_ data: JSONValue) { self.data = data }

    func value(_ key: String) throws -> JSONValue {
        guard let value = data[key], value != .null else { throw APIError.validation("'\(key)' is required") }
        return value
    }

    func string(_ key: String) throws -> String {
        guard let text = try value(key).stringValue else { throw APIError.validation("'\(key)' must be a string") }
        return text
    }

    func bool(_ key: String) throws -> Bool {
        guard let flag = try value(key).boolValue else { throw APIError.validation("'\(key)' must be true or false") }
        return flag
    }

    func int(_ key: String) throws -> Int {
        guard let number = try value(key).intValue, let whole = Int(exactly: number) else {
            throw APIError.validation("'\(key)' must be a whole number")
        }
        return whole
    }

    /// Positions are Int32 in the original store.
    func orderNumber() throws -> Int64 {
        let number = try int("orderNumber")
        guard (Int(Int32.min)...Int(Int32.max)).contains(number) else { throw APIError.validation("'orderNumber' is out of range") }
        return Int64(number)
    }

    /// A name or title: not blank, at most `maxLength` characters (grapheme clusters) once
    /// trimmed, as the app counts them; stored as sent.
    func name(_ key: String, maxLength: Int, subject: String) throws -> String {
        let text = try string(key)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw APIError.validation("\(subject) cannot be empty") }
        guard trimmed.count <= maxLength else { throw APIError.validation("\(subject) must be \(maxLength) characters or less") }
        return text
    }

    func description() throws -> String {
        guard let value = data["description"], value != .null else { return "" }
        guard let text = value.stringValue else { throw APIError.validation("'description' must be a string") }
        guard text.count <= ListAllLimits.maxDescriptionLength else {
            throw APIError.validation("Item description must be 50,000 characters or less")
        }
        return text
    }

    /// An ISO-8601 date; stored as sent.
    func date(_ key: String) throws -> String {
        let text = try string(key)
        guard text.utf8.count <= 40, Timestamp(iso8601: text) != nil else {
            throw APIError.validation("'\(key)' must be an ISO-8601 date such as 2025-01-15T10:30:00Z")
        }
        return text
    }

    /// A UUID reference, normalised to upper-case canonical text.
    func uuid(_ key: String) throws -> String {
        guard let id = UUID(uuidString: try string(key)) else { throw APIError.validation("'\(key)' must be a UUID") }
        return id.uuidString
    }

    /// Standard base64 of 1 byte … 5 MiB.
    func imageData() throws -> String {
        let text = try string("imageData")
        guard let bytes = Data(base64Encoded: text) else { throw APIError.validation("'imageData' must be base64") }
        guard !bytes.isEmpty else { throw APIError.validation("Image data is required") }
        guard bytes.count <= ListAllLimits.maxImageBytes else { throw APIError.validation("Image size must be 5MB or less") }
        return text
    }
}
