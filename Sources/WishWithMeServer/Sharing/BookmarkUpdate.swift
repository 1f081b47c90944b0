import HearthCore
import HearthServer
import HearthStore

/// The bookmark a user holds for a wishlist shared with them: one per (user, wishlist),
/// created or refreshed each time they follow a link, caching what they need to show it
/// (owner name and avatar, wishlist name and icon), since other users' documents are
/// never synced to them.
struct BookmarkUpdate {
    let rules: WishWithMeRules

    func follow(share: StoredDocument, wishlistID: String, owner: String, by userID: String, context: WishWithMeWriteContext)
        async throws
    {
        let writer = context.writer
        let wishlist = try await context.live(wishlistID, in: .wishlists)
        let ownerProfile = try await context.live(owner, in: .users)
        let existing = try await DocumentRelations.bookmark(of: userID, for: wishlistID, store: writer.store, executor: context.executor)
        var body = existing?.data.objectValue ?? [
            "type": "bookmark", "user_id": .string(userID), "created_at": .string(context.now),
        ]
        body["share_id"] = .string(share.id)
        body["wishlist_id"] = .string(wishlistID)
        body["last_accessed_at"] = .string(context.now)
        body["updated_at"] = .string(context.now)
        body["owner_name"] = .string(ownerProfile?.data["name"]?.stringValue ?? "Unknown")
        body["owner_avatar_base64"] = ownerProfile?.data["avatar_base64"] ?? .null
        body["wishlist_name"] = .string(wishlist?.data["name"]?.stringValue ?? "")
        body["wishlist_icon"] = .string(wishlist?.data["icon"]?.stringValue ?? "card_giftcard")
        body["wishlist_icon_color"] = .string(wishlist?.data["icon_color"]?.stringValue ?? "primary")
        try await rules.save(
            DocumentWrite(
                id: existing?.id ?? WishWithMeCollection.bookmarks.makeID(), collection: "bookmarks", data: .object(body),
                access: [userID], clientUpdatedAt: writer.store.clock.now, author: userID),
            replacing: existing, writer: writer)
    }
}
