/// A bookmark document (`bookmark:{uuid}`, spec §7.6): a wishlist someone shared with the
/// user, with display values cached by the server when the link was last followed
/// (other users' profiles are never synced). Clients only ever delete bookmarks.
public struct Bookmark: WishDocument {
    public static let documentType = WishDocumentType.bookmark
    /// The server's fallback when the owner's name is unknown.
    public static let unknownOwnerName = "Unknown"

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    /// The bookmark holder.
    public var userID: String
    /// The most recently followed share link.
    public var shareID: String
    /// Absent on legacy bookmarks; then only `shareID` leads to the wishlist.
    public var wishlistID: String?
    public var ownerName: String
    public var ownerAvatarBase64: String?
    public var wishlistName: String
    public var wishlistIcon: String
    public var wishlistIconColor: String
    public var lastAccessedAt: String?
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.bookmark.newID(), revision: String? = nil, isDeleted: Bool = false,
        userID: String, shareID: String, wishlistID: String? = nil, ownerName: String = Bookmark.unknownOwnerName,
        ownerAvatarBase64: String? = nil, wishlistName: String = "", wishlistIcon: String = Wishlist.defaultIcon,
        wishlistIconColor: String = Wishlist.defaultIconColor, lastAccessedAt: String? = nil,
        access: [String] = [], createdAt: String, updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.userID = userID
        self.shareID = shareID
        self.wishlistID = wishlistID
        self.ownerName = ownerName
        self.ownerAvatarBase64 = ownerAvatarBase64
        self.wishlistName = wishlistName
        self.wishlistIcon = wishlistIcon
        self.wishlistIconColor = wishlistIconColor
        self.lastAccessedAt = lastAccessedAt
        self.access = access
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case userID = "user_id", shareID = "share_id", wishlistID = "wishlist_id"
        case ownerName = "owner_name", ownerAvatarBase64 = "owner_avatar_base64"
        case wishlistName = "wishlist_name", wishlistIcon = "wishlist_icon", wishlistIconColor = "wishlist_icon_color"
        case lastAccessedAt = "last_accessed_at", access, createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id`, `user_id`, `share_id`, `created_at` (spec §4.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        userID = try container.required(.userID)
        shareID = try container.required(.shareID)
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        wishlistID = container.optional(.wishlistID)
        ownerName = container.value(.ownerName, default: Self.unknownOwnerName)
        ownerAvatarBase64 = container.optional(.ownerAvatarBase64)
        wishlistName = container.value(.wishlistName, default: "")
        wishlistIcon = container.value(.wishlistIcon, default: Wishlist.defaultIcon)
        wishlistIconColor = container.value(.wishlistIconColor, default: Wishlist.defaultIconColor)
        lastAccessedAt = container.optional(.lastAccessedAt)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encode(userID, forKey: .userID)
        try container.encode(shareID, forKey: .shareID)
        try container.encodeIfPresent(wishlistID, forKey: .wishlistID)
        try container.encode(ownerName, forKey: .ownerName)
        try container.encodeIfPresent(ownerAvatarBase64, forKey: .ownerAvatarBase64)
        try container.encode(wishlistName, forKey: .wishlistName)
        try container.encode(wishlistIcon, forKey: .wishlistIcon)
        try container.encode(wishlistIconColor, forKey: .wishlistIconColor)
        try container.encodeIfPresent(lastAccessedAt, forKey: .lastAccessedAt)
    }
}
