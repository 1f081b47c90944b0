/// Answer of share creation (spec §5.1). Note `id` and `wishlistID` are **bare UUIDs**
/// here (prefix stripped); use ``shareDocumentID`` and ``wishlistDocumentID`` to match them
/// against synced documents.
public struct ShareLinkResponse: Codable, Sendable, Hashable {
    public var id: String
    public var wishlistID: String
    public var token: String
    public var linkType: ShareLinkType
    /// `nil` when the link never expires.
    public var expiresAt: String?
    public var accessCount: Int
    public var createdAt: String
    /// `{public web URL}/s/{token}`.
    public var shareURL: String
    /// A PNG as base64; optional (the original server never sent it).
    public var qrCodeBase64: String?

    public init(
        id: String, wishlistID: String, token: String, linkType: ShareLinkType, expiresAt: String? = nil,
        accessCount: Int = 0, createdAt: String, shareURL: String, qrCodeBase64: String? = nil
    ) {
        self.id = id
        self.wishlistID = wishlistID
        self.token = token
        self.linkType = linkType
        self.expiresAt = expiresAt
        self.accessCount = accessCount
        self.createdAt = createdAt
        self.shareURL = shareURL
        self.qrCodeBase64 = qrCodeBase64
    }

    enum CodingKeys: String, CodingKey {
        case id, wishlistID = "wishlist_id", token, linkType = "link_type", expiresAt = "expires_at"
        case accessCount = "access_count", createdAt = "created_at", shareURL = "share_url"
        case qrCodeBase64 = "qr_code_base64"
    }

    /// `share:{uuid}`, the `_id` of the share document the next pull brings.
    public var shareDocumentID: String { WishDocumentType.share.prefixing(id) }

    /// `wishlist:{uuid}`.
    public var wishlistDocumentID: String { WishDocumentType.wishlist.prefixing(wishlistID) }
}
