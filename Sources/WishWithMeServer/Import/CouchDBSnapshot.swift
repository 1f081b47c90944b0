import HearthCore

/// The original database's documents, grouped by `type` and repaired as decision §10.3 of
/// the spec says: a missing `updated_at` becomes `created_at`, a boolean `quantity` (old
/// clients) becomes 1. Design documents and CouchDB metadata are left out.
public struct CouchDBSnapshot: Sendable {
    public private(set) var byKind: [String: [CouchDBDocument]] = [:]
    /// Design documents and documents whose `type` the original never synced.
    public private(set) var unknown = 0

    public init(documents: [JSONValue]) {
        for document in documents {
            guard let fields = document.objectValue, let id = fields["_id"]?.stringValue, fields["_deleted"]?.boolValue != true
            else { continue }
            guard !id.hasPrefix("_design/"), let type = fields["type"]?.stringValue, CouchDBImportReport.kinds.contains(type) else {
                unknown += 1
                continue
            }
            byKind[type, default: []].append(CouchDBDocument(id: id, fields: Self.repaired(fields)))
        }
        for kind in byKind.keys { byKind[kind]?.sort { $0.id < $1.id } }
    }

    public var count: Int { byKind.values.reduce(unknown) { $0 + $1.count } }

    func documents(_ kind: String) -> [CouchDBDocument] { byKind[kind] ?? [] }

    private static func repaired(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        var fields = fields.filter { key, _ in !key.hasPrefix("_") }
        if fields["updated_at"]?.stringValue == nil, let created = fields["created_at"] { fields["updated_at"] = created }
        if fields["quantity"]?.boolValue != nil { fields["quantity"] = 1 }
        return fields
    }
}

/// One document of the original, without its CouchDB metadata.
public struct CouchDBDocument: Sendable {
    public let id: String
    public let fields: [String: JSONValue]

    subscript(key: String) -> String? { fields[key]?.stringValue }

    var body: JSONValue { .object(fields) }

    /// When the original last changed it, if it says so in a form we can read.
    var updatedAt: Timestamp? { self["updated_at"].flatMap(LegacyTimestamp.tolerant) }
    var createdAt: Timestamp? { self["created_at"].flatMap(LegacyTimestamp.tolerant) }
}
