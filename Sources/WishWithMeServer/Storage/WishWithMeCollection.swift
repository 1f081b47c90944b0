import HearthCore
import HearthStore

/// The six synced collections of Wish With Me, each holding one document `type`.
public enum WishWithMeCollection: String, CaseIterable, Sendable {
    case wishlists, items, marks, bookmarks, users, shares

    /// Whether a put may run beside other pushes on PostgreSQL: wishlist and item rules
    /// decide from documents read through the writer (locked) and from share grants, which
    /// only exclusive writes change. Marks and users are not: a user's slug is checked in
    /// `wwm_slugs`, and deletes cascade to children read without locks.
    var allowsConcurrentPuts: Bool { self == .wishlists || self == .items }

    /// The document `type` stored in this collection (also the id prefix).
    public var documentType: String {
        switch self {
        case .wishlists: "wishlist"
        case .items: "item"
        case .marks: "mark"
        case .bookmarks: "bookmark"
        case .users: "user"
        case .shares: "share"
        }
    }

    /// Whether `id` has the `{type}:{uuid}` form of this collection (lower-case UUID).
    ///
    /// Users created by the original backend's OAuth sign-up have a bare UUID instead;
    /// ``UserID/isValid(_:)`` accepts both for user ids.
    public func isValidID(_ id: String) -> Bool {
        let prefix = documentType + ":"
        guard id.hasPrefix(prefix) else { return false }
        return UUIDText.isValid(id.dropFirst(prefix.count))
    }

    /// A fresh id of this collection's form.
    public func makeID() -> String { DocumentID.make(type: documentType) }
}

/// User ids: `user:{uuid}`, or the bare UUID of an account the original backend created
/// through OAuth. Compared as opaque strings everywhere.
enum UserID {
    static func isValid(_ id: String) -> Bool {
        WishWithMeCollection.users.isValidID(id) || UUIDText.isValid(id)
    }
}

extension StoredDocument {
    /// Whether this is a current (not deleted) document of `collection`.
    func isLive(in collection: WishWithMeCollection) -> Bool { !deleted && self.collection == collection.rawValue }
}
