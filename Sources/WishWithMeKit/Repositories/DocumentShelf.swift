import HearthClient
import HearthCore

/// Typed access to one collection of the local store. Documents that do not decode (a
/// required field missing) are left out of reads, as the original clients skip them.
struct DocumentShelf<Document: WishDocument>: Sendable {
    let store: LocalStore

    var collection: String { Document.documentType.collection }

    func all() throws -> [Document] {
        try store.documents(collection).compactMap(decode)
    }

    func find(_ id: String) throws -> Document? {
        try store.document(collection, id: id).flatMap(decode)
    }

    func save(_ document: Document) throws {
        try store.put(collection, id: document.id, data: try JSONValueEncoder().encode(document))
    }

    func delete(_ id: String) throws {
        try store.delete(collection, id: id)
    }

    /// The stored JSON with the id and type filled in: documents that came through delta
    /// sync carry them as metadata rather than in the body.
    func decode(_ local: LocalDocument) -> Document? {
        var data = local.data
        data["_id"] = .string(local.id)
        if data["type"] == nil { data["type"] = .string(Document.documentType.rawValue) }
        return try? JSONValueDecoder().decode(Document.self, from: data)
    }
}

extension Array where Element: WishDocument {
    /// The document whose id is `reference`, or whose id's uuid starts with it (the short
    /// ids the command line shows).
    func matching(_ reference: String) throws -> Element? {
        if let exact = first(where: { $0.id == reference }) { return exact }
        let prefix = reference.lowercased()
        let candidates = filter { document in
            let uuid = document.id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? document.id
            return uuid.hasPrefix(prefix)
        }
        guard candidates.count <= 1 else {
            throw WishWithMeError.invalid("'\(reference)' matches \(candidates.count) documents; give more of the id.")
        }
        return candidates.first
    }
}
