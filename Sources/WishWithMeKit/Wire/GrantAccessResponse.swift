/// Answer of `POST /api/v1/shared/{token}/grant-access` (spec §5.3). The wishlist itself
/// arrives through the next sync.
public struct GrantAccessResponse: Codable, Sendable, Hashable {
    /// The **prefixed** id (`wishlist:{uuid}`).
    public var wishlistID: String
    /// `["view"]` or `["view", "mark"]`.
    public var permissions: [String]

    public init(wishlistID: String, permissions: [String]) {
        self.wishlistID = wishlistID
        self.permissions = permissions
    }

    enum CodingKeys: String, CodingKey {
        case wishlistID = "wishlist_id", permissions
    }

    /// Whether the link allows marking items.
    public var canMark: Bool { permissions.contains("mark") }
}
