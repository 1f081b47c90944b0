/// What every synced document has in common, so sync code can treat the six models alike.
public protocol WishDocument: Codable, Sendable, Hashable, Identifiable where ID == String {
    static var documentType: WishDocumentType { get }
    /// `_id`.
    var id: String { get }
    /// `_rev`: stored by the client but never relied on (the server ignores pushed values).
    var revision: String? { get }
    /// `_deleted`: set locally to push a deletion.
    var isDeleted: Bool { get set }
    /// Users allowed to pull the document; computed by the server.
    var access: [String] { get }
    /// Stored verbatim: the server, the PWA and the iOS app write different ISO-8601 forms.
    var createdAt: String { get }
    var updatedAt: String? { get set }
}
