/// A share document (`share:{uuid}`, spec §7.5): a link to a wishlist. Created and revoked
/// only through the share endpoints; read-only in sync.
public struct Share: WishDocument {
    public static let documentType = WishDocumentType.share

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    public var wishlistID: String
    public var ownerID: String
    /// The secret part of the share URL (32 alphanumerics).
    public var token: String
    public var linkType: ShareLinkType
    /// `nil` = never expires.
    public var expiresAt: String?
    public var accessCount: Int
    public var revoked: Bool
    /// Users who followed this link.
    public var grantedUsers: [String]
    public var qrCodeBase64: String?
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.share.newID(), revision: String? = nil, isDeleted: Bool = false,
        wishlistID: String, ownerID: String, token: String, linkType: ShareLinkType = .mark,
        expiresAt: String? = nil, accessCount: Int = 0, revoked: Bool = false, grantedUsers: [String] = [],
        qrCodeBase64: String? = nil, access: [String] = [], createdAt: String, updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.wishlistID = wishlistID
        self.ownerID = ownerID
        self.token = token
        self.linkType = linkType
        self.expiresAt = expiresAt
        self.accessCount = accessCount
        self.revoked = revoked
        self.grantedUsers = grantedUsers
        self.qrCodeBase64 = qrCodeBase64
        self.access = access
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case wishlistID = "wishlist_id", ownerID = "owner_id", token, linkType = "link_type"
        case expiresAt = "expires_at", accessCount = "access_count", revoked, grantedUsers = "granted_users"
        case qrCodeBase64 = "qr_code_base64", access, createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id`, `wishlist_id`, `owner_id`, `token`, `link_type`, `created_at`
    /// (spec §4.7); an unknown `link_type` counts as missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        wishlistID = try container.required(.wishlistID)
        ownerID = try container.required(.ownerID)
        token = try container.required(.token)
        linkType = try container.required(.linkType)
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        expiresAt = container.optional(.expiresAt)
        accessCount = container.value(.accessCount, default: 0)
        revoked = container.value(.revoked, default: false)
        grantedUsers = container.value(.grantedUsers, default: [])
        qrCodeBase64 = container.optional(.qrCodeBase64)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encode(wishlistID, forKey: .wishlistID)
        try container.encode(ownerID, forKey: .ownerID)
        try container.encode(token, forKey: .token)
        try container.encode(linkType, forKey: .linkType)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encode(accessCount, forKey: .accessCount)
        try container.encode(revoked, forKey: .revoked)
        try container.encode(grantedUsers, forKey: .grantedUsers)
        try container.encodeIfPresent(qrCodeBase64, forKey: .qrCodeBase64)
    }
}
