import HearthCore
import HearthServer
import HearthStore

/// Deletes a Wish With Me user and everything theirs, in one document-store transaction,
/// as deletions (tombstones) so every device holding any of it learns through sync:
///
/// - their wishlists, which takes their items, the marks on them, the bookmarks pointing
///   to them and their share links along (``WishlistCascade``);
/// - their marks on other people's wishlists, their bookmarks, their share links;
/// - the access others' share links gave them (those wishlists' audiences are stamped
///   again without them);
/// - their user document, then their social accounts, OAuth states and account row.
struct WishWithMeAccountDeletion {
    let rules: WishWithMeRules

    func delete(_ userID: String, from documents: DocumentStore) async throws -> AccountDeletion {
        try await documents.write { writer in
            var deletion = AccountDeletion()
            let context = WishWithMeWriteContext(writer: writer)
            let wishlists = try await live(.wishlists, of: userID, writer: writer)
            var items = 0
            for wishlist in wishlists {
                items += try await context.children(of: wishlist.id, in: .items).count
                try await tombstone(wishlist, by: userID, writer: writer)
            }
            deletion.add("wishlists", wishlists.count)
            deletion.add("items in them", items)
            for collection in [WishWithMeCollection.marks, .bookmarks, .shares, .items] {
                let leftovers = try await live(collection, of: userID, writer: writer)
                for document in leftovers { try await tombstone(document, by: userID, writer: writer) }
                if collection != .items { deletion.add(Self.label(collection), leftovers.count) }
            }
            deletion.add("wishlists shared with them", try await withdrawGrants(of: userID, writer: writer))
            if let profile = try await context.live(userID, in: .users) {
                // A tombstone without the profile: no name, avatar or slug stays behind.
                try await rules.save(
                    DocumentWrite(
                        id: profile.id, collection: profile.collection, data: ["type": "user"], deleted: true,
                        access: Set(profile.access), clientUpdatedAt: writer.store.clock.now, author: userID),
                    replacing: profile, writer: writer)
                deletion.add("user document", 1)
            }
            let executor = writer.executor
            let user: [SQLValue] = [.text(userID)]
            let social = try await executor.query("DELETE FROM wwm_social_accounts WHERE user_id = ? RETURNING id", user).count
            deletion.add("social accounts", social)
            try await executor.execute("DELETE FROM wwm_oauth_states WHERE user_id = ?", user)
            try await executor.execute("DELETE FROM wwm_slugs WHERE user_id = ?", user)
            let account = try await executor.query("DELETE FROM wwm_accounts WHERE user_id = ? RETURNING user_id", user).count
            deletion.add("account", account)
            return deletion
        }
    }

    /// Live documents of `collection` that are `userID`'s: owned (wishlists, items,
    /// shares), placed (marks) or held (bookmarks), as `wwm_relations` records them.
    private func live(_ collection: WishWithMeCollection, of userID: String, writer: DocumentWriter) async throws -> [StoredDocument] {
        let rows = try await writer.executor.query(
            """
            SELECT r.doc_id FROM wwm_relations r JOIN hearth_documents d ON d.app = ? AND d.id = r.doc_id
            WHERE r.user_id = ? AND r.collection = ? AND d.deleted = ? ORDER BY r.doc_id
            """, [.text(writer.store.app), .text(userID), .text(collection.rawValue), SQLValue(false)])
        let ids = try rows.map { try $0.string("doc_id") }
        try await writer.prefetch(ids)
        var documents: [StoredDocument] = []
        for id in ids {
            // Read through the writer: an earlier deletion of this transaction may have
            // reached it already (an item of a deleted wishlist).
            if let document = try await writer.fetch(id), !document.deleted { documents.append(document) }
        }
        return documents
    }

    private func tombstone(_ document: StoredDocument, by userID: String, writer: DocumentWriter) async throws {
        guard let current = try await writer.fetch(document.id), !current.deleted else { return }
        try await rules.save(
            DocumentWrite(
                id: current.id, collection: current.collection, data: current.data, deleted: true, access: Set(current.access),
                clientUpdatedAt: writer.store.clock.now, author: userID),
            replacing: current, writer: writer)
    }

    /// Removes the access others' share links gave `userID`; returns how many wishlists.
    private func withdrawGrants(of userID: String, writer: DocumentWriter) async throws -> Int {
        let rows = try await writer.executor.query(
            "SELECT DISTINCT wishlist_id FROM wwm_grants WHERE user_id = ? ORDER BY wishlist_id", [.text(userID)])
        let wishlistIDs = try rows.map { try $0.string("wishlist_id") }
        try await writer.executor.execute("DELETE FROM wwm_grants WHERE user_id = ?", [.text(userID)])
        let context = WishWithMeWriteContext(writer: writer)
        for id in wishlistIDs {
            guard let wishlist = try await context.live(id, in: .wishlists) else { continue }
            try await AudienceRefresh(rules: rules).refresh(wishlist, writer: writer)
        }
        return wishlistIDs.count
    }

    private static func label(_ collection: WishWithMeCollection) -> String {
        switch collection {
        case .marks: "marks on others' wishlists"
        case .bookmarks: "bookmarks"
        case .shares: "share links"
        default: collection.rawValue
        }
    }
}
