import HearthCore
import HearthServer
import HearthStore

/// Revoking a share link: the link stops working, and (Hearth's decision, beyond the
/// original) the users who were granted access only through it lose access.
struct ShareRevocation {
    let rules: WishWithMeRules

    func revoke(_ share: StoredDocument, by userID: String, writer: DocumentWriter, updateAudience: Bool = true) async throws {
        var body = share.data.objectValue ?? [:]
        body["revoked"] = .bool(true)
        body["updated_at"] = .string(LegacyTimestamp.format(writer.store.clock.now))
        try await rules.save(
            DocumentWrite(
                id: share.id, collection: share.collection, data: .object(body), access: Set(share.access),
                clientUpdatedAt: writer.store.clock.now, author: userID),
            replacing: share, writer: writer)
        try await writer.executor.execute("DELETE FROM wwm_grants WHERE share_id = ?", [.text(share.id)])
        try await writer.executor.execute("DELETE FROM wwm_share_tokens WHERE share_id = ?", [.text(share.id)])
        guard updateAudience, let wishlistID = share.data["wishlist_id"]?.stringValue,
            let wishlist = try await WishWithMeWriteContext(writer: writer).live(wishlistID, in: .wishlists)
        else { return }
        try await AudienceRefresh(rules: rules).refresh(wishlist, writer: writer)
    }
}
