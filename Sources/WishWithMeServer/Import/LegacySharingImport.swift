import HearthCore
import HearthServer
import HearthStore

/// Share links and bookmarks. A share keeps its token, so links already sent keep
/// working; each user it granted is granted again with the link's type, and the
/// wishlist's audience is then recomputed by Hearth's rules. A revoked link grants
/// nothing (in Hearth, revoking a link takes away the access it gave).
struct LegacySharingImport {
    func importShares(_ shares: [CouchDBDocument], into run: inout ImportRun) async throws {
        var widened: Set<String> = []
        for share in shares {
            if let wishlistID = try await importShare(share, into: &run) { widened.insert(wishlistID) }
            run.advance()
        }
        for wishlistID in widened.sorted() {
            guard let wishlist = try await run.context.live(wishlistID, in: .wishlists) else { continue }
            try await AudienceRefresh(rules: run.rules).refresh(wishlist, writer: run.writer)
        }
    }

    func importBookmarks(_ bookmarks: [CouchDBDocument], into run: inout ImportRun) async throws {
        for bookmark in bookmarks {
            try await importBookmark(bookmark, into: &run)
            run.advance()
        }
    }

    /// The wishlist whose audience grew, if any.
    private func importShare(_ share: CouchDBDocument, into run: inout ImportRun) async throws -> String? {
        let kind = "share"
        guard WishWithMeCollection.shares.isValidID(share.id) else { run.report.refuse(share.id, kind: kind, because: "not a share id"); return nil }
        if try await run.exists(share.id) { run.report.alreadyPresent(kind); return nil }
        let executor = run.writer.executor
        guard let wishlistID = share["wishlist_id"], let wishlist = try await run.context.live(wishlistID, in: .wishlists) else {
            run.report.refuse(share.id, kind: kind, because: "its wishlist was not imported")
            return nil
        }
        let owner = wishlist.data["owner_id"]?.stringValue ?? ""
        guard share["owner_id"] == owner else {
            run.report.refuse(share.id, kind: kind, because: "owner_id is not the wishlist's owner")
            return nil
        }
        guard let token = share["token"], ShareToken.isWellFormed(token) else {
            run.report.refuse(share.id, kind: kind, because: "token is not 32 letters and digits")
            return nil
        }
        if try await executor.queryFirst("SELECT share_id FROM wwm_share_tokens WHERE token = ?", [.text(token)]) != nil {
            run.report.refuse(share.id, kind: kind, because: "another share link already has this token")
            return nil
        }
        let linkType = ShareService.LinkType(rawValue: share["link_type"] ?? "mark") ?? .mark
        let revoked = share.fields["revoked"]?.boolValue == true
        var granted: [String] = []
        if !revoked {
            for userID in share.fields["granted_users"]?.arrayValue?.compactMap(\.stringValue) ?? [] where userID != owner {
                guard try await run.context.live(userID, in: .users) != nil, !granted.contains(userID) else { continue }
                granted.append(userID)
            }
        }
        let stamp = LegacyTimestamp.format(run.writer.store.clock.now)
        let body: JSONValue = [
            "type": "share", "wishlist_id": .string(wishlistID), "owner_id": .string(owner), "token": .string(token),
            "link_type": .string(linkType.rawValue), "expires_at": share.fields["expires_at"] ?? .null,
            "access_count": .int(share.fields["access_count"]?.intValue ?? Int64(granted.count)), "revoked": .bool(revoked),
            "granted_users": .array(granted.map(JSONValue.string)), "created_at": .string(share["created_at"] ?? stamp),
            "updated_at": .string(share["updated_at"] ?? share["created_at"] ?? stamp),
        ]
        try await run.store(share, in: .shares, data: body, access: [owner], author: owner)
        if !revoked {
            try await executor.execute("INSERT INTO wwm_share_tokens (token, share_id) VALUES (?, ?)", [.text(token), .text(share.id)])
        }
        for userID in granted {
            try await executor.execute(
                "INSERT INTO wwm_grants (share_id, user_id, wishlist_id, link_type, granted_at) VALUES (?, ?, ?, ?, ?)",
                [.text(share.id), .text(userID), .text(wishlistID), .text(linkType.rawValue), SQLValue(share.createdAt ?? run.writer.store.clock.now)])
        }
        run.report.imported(kind)
        return granted.isEmpty ? nil : wishlistID
    }

    /// One bookmark per user and wishlist, held only by a user the wishlist is shared with;
    /// its cached names are taken from the imported owner and wishlist.
    private func importBookmark(_ bookmark: CouchDBDocument, into run: inout ImportRun) async throws {
        let kind = "bookmark"
        guard WishWithMeCollection.bookmarks.isValidID(bookmark.id) else { return run.report.refuse(bookmark.id, kind: kind, because: "not a bookmark id") }
        if try await run.exists(bookmark.id) { return run.report.alreadyPresent(kind) }
        let context = run.context
        guard let userID = bookmark["user_id"], try await context.live(userID, in: .users) != nil else {
            return run.report.refuse(bookmark.id, kind: kind, because: "its user was not imported")
        }
        var share: StoredDocument?
        if let shareID = bookmark["share_id"] { share = try await context.live(shareID, in: .shares) }
        guard let wishlistID = bookmark["wishlist_id"] ?? share?.data["wishlist_id"]?.stringValue,
            let wishlist = try await context.live(wishlistID, in: .wishlists)
        else { return run.report.refuse(bookmark.id, kind: kind, because: "its wishlist was not imported") }
        guard wishlist.isReadable(by: userID) else {
            return run.report.refuse(bookmark.id, kind: kind, because: "the wishlist is not shared with its user (no active share link granted it)")
        }
        if try await DocumentRelations.bookmark(of: userID, for: wishlistID, store: run.writer.store, executor: run.writer.executor) != nil {
            return run.report.refuse(bookmark.id, kind: kind, because: "its user already has a bookmark of this wishlist")
        }
        let owner = wishlist.data["owner_id"]?.stringValue ?? ""
        let ownerProfile = try await context.live(owner, in: .users)
        let stamp = LegacyTimestamp.format(run.writer.store.clock.now)
        let accessed = bookmark["last_accessed_at"] ?? bookmark["updated_at"] ?? stamp
        let body: JSONValue = [
            "type": "bookmark", "user_id": .string(userID), "share_id": share.map { .string($0.id) } ?? .null,
            "wishlist_id": .string(wishlistID), "owner_name": .string(ownerProfile?.data["name"]?.stringValue ?? "Unknown"),
            "owner_avatar_base64": ownerProfile?.data["avatar_base64"] ?? .null,
            "wishlist_name": .string(wishlist.data["name"]?.stringValue ?? ""),
            "wishlist_icon": .string(wishlist.data["icon"]?.stringValue ?? "card_giftcard"),
            "wishlist_icon_color": .string(wishlist.data["icon_color"]?.stringValue ?? "primary"),
            "last_accessed_at": .string(accessed), "created_at": .string(bookmark["created_at"] ?? accessed),
            "updated_at": .string(bookmark["updated_at"] ?? accessed),
        ]
        try await run.store(bookmark, in: .bookmarks, data: body, access: [userID], author: userID)
        run.report.imported(kind)
    }
}
