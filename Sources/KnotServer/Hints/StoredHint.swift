import HearthCore
import HearthStore

/// A hint as the API shows it (spec §5.3): never with its embedding.
struct StoredHint: Sendable, Hashable {
    var id: String
    var hintText: String
    var source: String
    var isUsed: Bool
    var createdAt: Timestamp

    /// The columns ``init(row:)`` reads.
    static let columns = "id, hint_text, source, is_used, created_at"

    init(id: String, hintText: String, source: String, isUsed: Bool, createdAt: Timestamp) {
        self.id = id
        self.hintText = hintText
        self.source = source
        self.isUsed = isUsed
        self.createdAt = createdAt
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        hintText = try row.string("hint_text")
        source = try row.string("source")
        isUsed = try row.bool("is_used")
        createdAt = try row.timestamp("created_at")
    }

    var json: JSONValue {
        [
            "id": .string(id), "hint_text": .string(hintText), "source": .string(source), "is_used": .bool(isUsed),
            "created_at": KnotTime.json(createdAt),
        ]
    }

    /// Newest first; equal times (a burst within one millisecond) by id, descending.
    static func newerFirst(_ lhs: StoredHint, _ rhs: StoredHint) -> Bool {
        lhs.createdAt != rhs.createdAt ? lhs.createdAt > rhs.createdAt : lhs.id > rhs.id
    }
}
