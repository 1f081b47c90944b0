import HearthCore
import HearthServer

/// The stored body of a Wish With Me document: the client's fields minus the CouchDB-style
/// metadata (`_id`, `_rev`, `_deleted`) and `access`, which the server keeps apart and
/// writes back only when rendering for the original clients.
enum DocumentBody {
    /// Keys a client may never set: metadata, and every other `_`-prefixed key (PouchDB
    /// rejects unknown ones, so none may ever be stored and echoed back).
    static func clientFields(of data: JSONValue) -> [String: JSONValue] {
        (data.objectValue ?? [:]).filter { key, _ in !key.hasPrefix("_") && key != "access" }
    }

    /// `fields` as a stored body of `collection`: `type` fixed, `created_at` kept from the
    /// stored version (or the client's, or now for a new document), `updated_at` = now.
    static func stamped(
        _ fields: [String: JSONValue], collection: WishWithMeCollection, stored: StoredDocumentBody?, now: String
    ) -> JSONValue {
        var body = fields
        body["type"] = .string(collection.documentType)
        if let created = stored?.createdAt {
            body["created_at"] = .string(created)
        } else if body["created_at"]?.stringValue.flatMap(LegacyTimestamp.init) == nil {
            body["created_at"] = .string(now)
        }
        body["updated_at"] = .string(now)
        return .object(body)
    }
}

/// What rules read from a stored body.
struct StoredDocumentBody {
    let data: JSONValue

    var createdAt: String? { data["created_at"]?.stringValue }
    subscript(key: String) -> String? { data[key]?.stringValue }
}
