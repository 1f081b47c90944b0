import HearthCore

/// The six kinds of synced document, with the sync collection each one travels in.
public enum WishDocumentType: String, Codable, Sendable, Hashable, CaseIterable {
    case user, wishlist, item, mark, share, bookmark

    /// The `{collection}` path segment of `/api/v2/sync/pull|push/{collection}`.
    public var collection: String {
        switch self {
        case .user: "users"
        case .wishlist: "wishlists"
        case .item: "items"
        case .mark: "marks"
        case .share: "shares"
        case .bookmark: "bookmarks"
        }
    }

    /// The prefix of this type's document ids, including the colon (`"item:"`).
    public var idPrefix: String { rawValue + ":" }

    /// A fresh `{type}:{lowercase uuid}` id.
    public func newID() -> String { DocumentID.make(type: rawValue) }

    /// `id` with this type's prefix, added only if missing (share responses carry bare UUIDs).
    public func prefixing(_ id: String) -> String {
        id.hasPrefix(idPrefix) ? id : idPrefix + id
    }

    /// The type whose sync collection is `collection`, if any.
    public init?(collection: String) {
        guard let match = Self.allCases.first(where: { $0.collection == collection }) else { return nil }
        self = match
    }

    /// Order in which a sync cycle pushes collections (spec §4.7): parents before children,
    /// so an item never reaches the server before its wishlist.
    public static let pushOrder: [WishDocumentType] = [.wishlist, .item, .mark, .bookmark, .user, .share]
}
