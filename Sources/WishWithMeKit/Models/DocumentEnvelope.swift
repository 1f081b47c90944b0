/// The keys every synced document has (`_id`, `_rev`, `_deleted`, `type`, `access`,
/// `created_at`, `updated_at`); each model's `CodingKeys` conforms by naming them alike,
/// so the envelope is read and written in one place.
protocol DocumentCodingKey: CodingKey {
    static var id: Self { get }
    static var revision: Self { get }
    static var isDeleted: Self { get }
    static var type: Self { get }
    static var access: Self { get }
    static var createdAt: Self { get }
    static var updatedAt: Self { get }
}

/// The fields every synced document carries besides its own.
struct DocumentEnvelope {
    var id: String
    var revision: String?
    var isDeleted: Bool
    var access: [String]
    var createdAt: String
    var updatedAt: String?
}

extension KeyedDecodingContainer where Key: DocumentCodingKey {
    /// Reads the envelope: `_id` and `created_at` are required (spec §4.7), a `type` naming
    /// another kind is rejected, the rest falls back to defaults.
    func envelope(of type: WishDocumentType) throws -> DocumentEnvelope {
        try checkType(type, .type)
        return DocumentEnvelope(
            id: try required(.id), revision: optional(.revision), isDeleted: deletedFlag(.isDeleted),
            access: value(.access, default: []), createdAt: try required(.createdAt), updatedAt: optional(.updatedAt))
    }
}

extension KeyedEncodingContainer where Key: DocumentCodingKey {
    /// Writes the envelope of `document`: `_id` and `type` always, `_rev` when known,
    /// `_deleted` only for deletions, `updated_at` when set.
    mutating func encodeEnvelope(of document: some WishDocument) throws {
        try encode(document.id, forKey: .id)
        try encode(type(of: document).documentType, forKey: .type)
        try encodeIfPresent(document.revision, forKey: .revision)
        try encodeDeletedFlag(document.isDeleted, .isDeleted)
        try encode(document.access, forKey: .access)
        try encode(document.createdAt, forKey: .createdAt)
        try encodeIfPresent(document.updatedAt, forKey: .updatedAt)
    }
}
