/// A wishlist document (`wishlist:{uuid}`, spec §7.2).
public struct Wishlist: WishDocument {
    public static let documentType = WishDocumentType.wishlist
    /// Material icon name shown when none was chosen.
    public static let defaultIcon = "card_giftcard"
    public static let defaultIconColor = "primary"

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    /// Immutable after creation.
    public var ownerID: String
    public var name: String
    public var description: String?
    public var icon: String
    public var iconColor: String
    /// Stored but unused by any feature.
    public var isPublic: Bool
    /// `[owner, …users granted through share links]`.
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.wishlist.newID(), revision: String? = nil, isDeleted: Bool = false,
        ownerID: String, name: String, description: String? = nil, icon: String = Wishlist.defaultIcon,
        iconColor: String = Wishlist.defaultIconColor, isPublic: Bool = false, access: [String]? = nil,
        createdAt: String, updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.ownerID = ownerID
        self.name = name
        self.description = description
        self.icon = icon
        self.iconColor = iconColor
        self.isPublic = isPublic
        self.access = access ?? [ownerID]
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case ownerID = "owner_id", name, description, icon
        case iconColor = "icon_color", isPublic = "is_public", access
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id`, `owner_id`, `name`, `created_at` (spec §4.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        ownerID = try container.required(.ownerID)
        name = try container.required(.name)
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        description = container.optional(.description)
        icon = container.value(.icon, default: Self.defaultIcon)
        iconColor = container.value(.iconColor, default: Self.defaultIconColor)
        isPublic = container.value(.isPublic, default: false)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encode(ownerID, forKey: .ownerID)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(icon, forKey: .icon)
        try container.encode(iconColor, forKey: .iconColor)
        try container.encode(isPublic, forKey: .isPublic)
    }
}
