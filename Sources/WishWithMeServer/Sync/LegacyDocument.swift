import Crypto
import Foundation
import HearthCore
import HearthStore

/// A stored document as the original clients know it: CouchDB-style `_id` and `_rev`,
/// the body's fields, and the server-computed `access` array.
enum LegacyDocument {
    /// Fields that never leave the server, whatever a legacy import may have stored.
    static let serverOnlyFields: Set<String> = ["password_hash", "refresh_tokens"]

    static func render(_ document: StoredDocument) -> JSONValue {
        var object = (document.data.objectValue ?? [:]).filter { key, _ in !key.hasPrefix("_") && !serverOnlyFields.contains(key) }
        object["_id"] = .string(document.id)
        object["_rev"] = .string(revision(of: document))
        object["access"] = .array(document.access.map(JSONValue.string))
        if document.deleted { object["_deleted"] = true }
        return .object(object)
    }

    /// `{generation}-{32 hex}`: the generation is the document's version, the hex a digest
    /// of the id and that version, so it changes with every write and means nothing else.
    static func revision(of document: StoredDocument) -> String {
        let digest = SHA256.hash(data: Data("\(document.id)|\(document.version)|\(document.seq)".utf8))
        return "\(document.version)-\(String(digest.hexString.prefix(32)))"
    }
}
