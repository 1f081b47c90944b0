/// What a share link lets its followers do (spec §5.1).
public enum ShareLinkType: String, Codable, Sendable, Hashable, CaseIterable {
    /// See the wishlist only.
    case view
    /// See the wishlist and mark items. The server's default.
    case mark

    /// The `permissions` a grant through this link answers with (spec §5.3).
    public var permissions: [String] {
        switch self {
        case .view: ["view"]
        case .mark: ["view", "mark"]
        }
    }
}
