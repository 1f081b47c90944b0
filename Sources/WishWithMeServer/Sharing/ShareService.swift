import HearthCore
import HearthQRCode
import HearthServer
import HearthStore

/// Share links (spec §5): created and revoked by the wishlist owner, followed by anyone
/// signed in, which grants them the wishlist through the normal sync.
struct ShareService: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules

    enum LinkType: String, Sendable, CaseIterable {
        case view, mark

        var permissions: [String] { self == .mark ? ["view", "mark"] : ["view"] }
    }

    /// - Parameter shareURLBase: the public web origin; the link is `{base}/s/{token}`.
    func create(wishlistID: String, by userID: String, linkType: LinkType, expiresInDays: Int?, shareURLBase: String) async throws
        -> StoredDocument
    {
        let wishlistID = Self.prefixed(wishlistID, collection: .wishlists)
        let token = ShareToken.make()
        let shareURL = "\(shareURLBase)/s/\(token)"
        let qrCode = try? QRCodeImage.base64PNG(encoding: shareURL)
        return try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            guard let wishlist = try await context.live(wishlistID, in: .wishlists) else { throw APIError.notFound("Wishlist not found") }
            guard wishlist.data["owner_id"]?.stringValue == userID else {
                throw APIError.forbidden("Only the wishlist owner can create share links")
            }
            let now = writer.store.clock.now
            let stamp = LegacyTimestamp.format(now)
            let expiresAt = expiresInDays.map { LegacyTimestamp.format(now.adding(seconds: Int64($0) * 86_400)) }
            let body: JSONValue = [
                "type": "share", "wishlist_id": .string(wishlistID), "owner_id": .string(userID), "token": .string(token),
                "link_type": .string(linkType.rawValue), "expires_at": expiresAt.map(JSONValue.string) ?? .null,
                "access_count": 0, "revoked": false, "granted_users": [], "created_at": .string(stamp),
                "updated_at": .string(stamp), "share_url": .string(shareURL),
                "qr_code_base64": qrCode.map(JSONValue.string) ?? .null,
            ]
            let id = WishWithMeCollection.shares.makeID()
            try await writer.executor.execute(
                "INSERT INTO wwm_share_tokens (token, share_id) VALUES (?, ?)", [.text(token), .text(id)])
            return try await rules.save(
                DocumentWrite(id: id, collection: "shares", data: body, access: [userID], clientUpdatedAt: now, author: userID),
                replacing: nil, writer: writer)
        }
    }

    /// Idempotent: revoking a revoked link answers 204 again.
    func revoke(shareID: String, wishlistID: String, by userID: String) async throws {
        let shareID = Self.prefixed(shareID, collection: .shares)
        let wishlistID = Self.prefixed(wishlistID, collection: .wishlists)
        try await documents.write { writer in
            guard let share = try await WishWithMeWriteContext(writer: writer).live(shareID, in: .shares) else {
                throw APIError.notFound("Share link not found")
            }
            guard share.data["owner_id"]?.stringValue == userID else {
                throw APIError.forbidden("Only the wishlist owner can revoke share links")
            }
            guard share.data["wishlist_id"]?.stringValue == wishlistID else { throw APIError.notFound("Share link not found") }
            guard share.data["revoked"]?.boolValue != true else { return }
            try await ShareRevocation(rules: rules).revoke(share, by: userID, writer: writer)
        }
    }

    struct Grant: Sendable {
        let wishlistID: String
        let linkType: LinkType
    }

    /// Following a link: the caller joins the wishlist's audience and gets a bookmark.
    func grantAccess(token: String, to userID: String) async throws -> Grant {
        guard ShareToken.isWellFormed(token) else { throw APIError.notFound("Share link not found or expired") }
        return try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            let row = try await writer.executor.queryFirst("SELECT share_id FROM wwm_share_tokens WHERE token = ?", [.text(token)])
            guard let shareID = try row?.string("share_id"), let share = try await context.live(shareID, in: .shares),
                share.data["revoked"]?.boolValue != true
            else { throw APIError.notFound("Share link not found or expired") }
            if let expiry = share.data["expires_at"]?.stringValue, let expiresAt = LegacyTimestamp.tolerant(expiry),
                expiresAt <= writer.store.clock.now
            {
                throw APIError.notFound("Share link has expired")
            }
            let wishlistID = share.data["wishlist_id"]?.stringValue ?? ""
            guard let wishlist = try await context.live(wishlistID, in: .wishlists) else { throw APIError.notFound("Wishlist not found") }
            let linkType = LinkType(rawValue: share.data["link_type"]?.stringValue ?? "") ?? .view
            let owner = wishlist.data["owner_id"]?.stringValue ?? ""
            guard owner != userID else { return Grant(wishlistID: wishlistID, linkType: linkType) }
            let granted = share.data["granted_users"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if !granted.contains(userID) {
                try await recordGrant(share: share, granted: granted, userID: userID, linkType: linkType, context: context)
                if let refreshed = try await context.live(wishlistID, in: .wishlists) {
                    try await AudienceRefresh(rules: rules).refresh(refreshed, writer: writer)
                }
            }
            try await BookmarkUpdate(rules: rules).follow(share: share, wishlistID: wishlistID, owner: owner, by: userID, context: context)
            return Grant(wishlistID: wishlistID, linkType: linkType)
        }
    }

    private func recordGrant(
        share: StoredDocument, granted: [String], userID: String, linkType: LinkType, context: WishWithMeWriteContext
    ) async throws {
        var body = share.data.objectValue ?? [:]
        body["granted_users"] = .array((granted + [userID]).map(JSONValue.string))
        body["access_count"] = .int((share.data["access_count"]?.intValue ?? 0) + 1)
        body["updated_at"] = .string(context.now)
        try await rules.save(
            DocumentWrite(
                id: share.id, collection: share.collection, data: .object(body), access: Set(share.access),
                clientUpdatedAt: share.clientUpdatedAt, author: share.updatedBy),
            replacing: share, writer: context.writer)
        try await context.executor.execute(
            """
            INSERT INTO wwm_grants (share_id, user_id, wishlist_id, link_type, granted_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (share_id, user_id) DO NOTHING
            """,
            [.text(share.id), .text(userID), SQLValue(share.data["wishlist_id"]?.stringValue), .text(linkType.rawValue),
             SQLValue(context.writer.store.clock.now)])
    }

    /// Ids arrive with or without their `{type}:` prefix (the PWA strips it).
    static func prefixed(_ id: String, collection: WishWithMeCollection) -> String {
        id.hasPrefix(collection.documentType + ":") ? id : "\(collection.documentType):\(id)"
    }

    static func bare(_ id: String) -> String {
        id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
    }
}
