import HearthCore
import HearthStore

/// The six synced collections of Wish With Me, each holding one document `type`.
public enum WishWithMeCollection: String, CaseIterable, Sendable {
    case wishlists, items, marks, bookmarks, users, shares

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
        return LowercaseUUID.isValid(id.dropFirst(prefix.count))
    }

    /// A fresh id of this collection's form.
    public func makeID() -> String { DocumentID.make(type: documentType) }
}

/// A lower-case hyphenated UUID: `8-4-4-4-12` hex digits.
enum LowercaseUUID {
    static func isValid(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                else { return false }
            }
        }
        return true
    }
}

/// User ids: `user:{uuid}`, or the bare UUID of an account the original backend created
/// through OAuth. Compared as opaque strings everywhere.
enum UserID {
    static func isValid(_ id: String) -> Bool {
        WishWithMeCollection.users.isValidID(id) || LowercaseUUID.isValid(Substring(id))
    }
}

extension StoredDocument {
    /// Whether this is a current (not deleted) document of `collection`.
    func isLive(in collection: WishWithMeCollection) -> Bool { !deleted && self.collection == collection.rawValue }
}
