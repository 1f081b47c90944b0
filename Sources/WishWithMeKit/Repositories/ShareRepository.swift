import HearthClient
import HearthCore

/// Share links (spec §5). Creating, revoking and opening a link are server operations
/// (they need a connection), each followed by a sync that brings the result to the device.
public struct ShareRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<Share> { context.shelf(Share.self) }

    /// The user's live share links, optionally of one wishlist, newest first.
    public func list(for wishlist: Wishlist? = nil) throws -> [Share] {
        try shelf.all()
            .filter { !$0.revoked && (wishlist == nil || $0.wishlistID == wishlist?.id) }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    /// Creates a link to the user's own wishlist: `.mark` lets friends mark items, `.view`
    /// only shows them. Pushes local changes first so the server knows the wishlist.
    public func create(for wishlist: Wishlist, linkType: ShareLinkType, expiresInDays: Int? = nil) async throws -> ShareLinkResponse {
        guard wishlist.ownerID == (try await context.userID()) else {
            throw WishWithMeError.notAllowed("Only the owner of '\(wishlist.name)' can share it.")
        }
        if let days = expiresInDays, !CreateShareRequest.allowedExpiryDays.contains(days) {
            throw WishWithMeError.invalid("A link can expire after 1 to 365 days.")
        }
        try await context.sync.sync()
        let response = try await context.api.json(
            ShareLinkResponse.self, .post, "/api/v1/wishlists/\(wishlist.id)/share",
            body: CreateShareRequest(linkType: linkType, expiresInDays: expiresInDays))
        _ = try? await context.sync.sync()
        return response
    }

    /// Revokes a link (by id, short id or token): whoever opened it loses the wishlist.
    public func revoke(_ reference: String) async throws {
        let all = try shelf.all()
        guard let share = try all.matching(reference) ?? all.first(where: { $0.token == reference }) else {
            throw WishWithMeError.notFound("Share link '\(reference)'")
        }
        try await context.api.send(.delete, "/api/v1/wishlists/\(share.wishlistID)/share/\(share.id)")
        _ = try? await context.sync.sync()
    }

    /// Opens a friend's link (a share URL or its token): the server grants access, a sync
    /// brings the wishlist, its items and a bookmark to the device.
    public func open(_ input: String) async throws -> OpenedShare {
        let reference: ShareLinkReference
        do {
            reference = try ShareLinkReference(parsing: input)
        } catch {
            throw WishWithMeError.invalid(error.description)
        }
        let grant = try await context.api.json(GrantAccessResponse.self, .post, "/api/v1/shared/\(reference.token)/grant-access")
        try await context.sync.sync()
        let wishlist = try context.shelf(Wishlist.self).find(grant.wishlistID)
        let bookmark = try context.shelf(Bookmark.self).all().first { $0.wishlistID == grant.wishlistID }
        return OpenedShare(wishlistID: grant.wishlistID, wishlist: wishlist, bookmark: bookmark, canMark: grant.canMark)
    }
}

/// What opening a share link gave the user.
public struct OpenedShare: Sendable, Hashable {
    public var wishlistID: String
    /// `nil` if the wishlist has not reached the device yet (the grant raced a revocation).
    public var wishlist: Wishlist?
    public var bookmark: Bookmark?
    /// Whether the link lets the user mark items (a `mark` link).
    public var canMark: Bool
}
