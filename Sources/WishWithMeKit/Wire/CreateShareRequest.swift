/// Body of `POST /api/v1/wishlists/{wishlist_id}/share` (spec §5.1).
public struct CreateShareRequest: Codable, Sendable, Hashable {
    public var linkType: ShareLinkType
    /// 1–365; `nil` = the link never expires (the key is then omitted).
    public var expiresInDays: Int?

    public init(linkType: ShareLinkType = .mark, expiresInDays: Int? = nil) {
        self.linkType = linkType
        self.expiresInDays = expiresInDays
    }

    /// The range the server accepts for ``expiresInDays``.
    public static let allowedExpiryDays = 1...365

    enum CodingKeys: String, CodingKey {
        case linkType = "link_type", expiresInDays = "expires_in_days"
    }
}
