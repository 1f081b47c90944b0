import HearthCore
import HearthServer
import HearthStore

/// Items: only the owner of the item's wishlist creates, edits or deletes them (checked
/// against the stored item's wishlist, spec §8.4); viewers only read. Fields that belong
/// to the resolver are kept from the stored version (§8.9), and a client may only move
/// `status` to `pending` (retry) or `resolved` (manual entry).
struct ItemRule: CollectionWriteRule {
    let collection = WishWithMeCollection.items

    static let serverFields = [
        "resolve_confidence", "resolve_error", "resolved_at", "resolved_by", "claimed_by", "claimed_at", "lease_expires_at",
    ]
    static let clientStatuses: Set<String> = ["pending", "resolved"]

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        if let stored = write.stored {
            return try await decideChange(of: stored, write, context: context)
        }
        guard let data = write.data else { return .skip }
        let fields = FieldRules(data: data)
        let wishlistID = try fields.requiredReference("wishlist_id", missing: "Item missing wishlist_id")
        guard let wishlist = try await context.live(wishlistID, in: .wishlists) else {
            return .deny(APIError.notFound("Wishlist not found"))
        }
        let owner = StoredDocumentBody(data: wishlist.data)["owner_id"] ?? ""
        guard wishlist.isReadable(by: write.userID) else { return .deny(RuleDenial.unauthorized("no access to wishlist")) }
        guard owner == write.userID else { return .deny(RuleDenial.unauthorized("only the wishlist owner can add items")) }
        if let claimed = data["owner_id"], claimed.stringValue != owner {
            return .deny(RuleDenial.unauthorized("not the wishlist owner"))
        }
        let body = try itemBody(data, wishlistID: wishlistID, owner: owner, stored: nil, context: context)
        return .allow(access: Set(wishlist.access), data: body)
    }

    private func decideChange(of stored: StoredDocument, _ write: ProposedWrite, context: WishWithMeWriteContext) async throws
        -> WriteDecision
    {
        let storedBody = StoredDocumentBody(data: stored.data)
        let owner = storedBody["owner_id"] ?? ""
        let wishlistID = storedBody["wishlist_id"] ?? ""
        guard owner == write.userID else { return .deny(RuleDenial.unauthorized("not the wishlist owner")) }
        guard let data = write.data else { return .allow(access: Set(stored.access)) }
        let movesWishlist = data["wishlist_id"].map { $0.stringValue != wishlistID } ?? false
        let changesOwner = data["owner_id"].map { $0.stringValue != owner } ?? false
        if movesWishlist || changesOwner {
            return .deny(RuleDenial.unauthorized("an item cannot move to another wishlist or owner"))
        }
        guard let wishlist = try await context.live(wishlistID, in: .wishlists) else {
            return .deny(APIError.notFound("Wishlist not found"))
        }
        let body = try itemBody(data, wishlistID: wishlistID, owner: owner, stored: stored, context: context)
        return .allow(access: Set(wishlist.access), data: body)
    }

    private func itemBody(
        _ data: JSONValue, wishlistID: String, owner: String, stored: StoredDocument?, context: WishWithMeWriteContext
    ) throws -> JSONValue {
        let fields = FieldRules(data: data)
        var body = DocumentBody.clientFields(of: data)
        body["wishlist_id"] = .string(wishlistID)
        body["owner_id"] = .string(owner)
        body["title"] = .string(try fields.requiredString("title", length: 1...200))
        body["description"] = try fields.optionalString("description", maxLength: 1000).map(JSONValue.string) ?? .null
        body["price"] = try fields.optionalNumber("price", in: 0...1_000_000_000_000) ?? .null
        body["currency"] = try currency(fields)
        body["quantity"] = .int(try fields.quantity())
        let sourceURL = try fields.optionalWebURL("source_url")
        body["source_url"] = sourceURL.map(JSONValue.string) ?? .null
        body["image_url"] = try fields.optionalWebURL("image_url").map(JSONValue.string) ?? .null
        body["image_base64"] = try fields.optionalImageDataURL("image_base64", maxBytes: 2 * 1024 * 1024).map(JSONValue.string) ?? .null
        _ = try fields.optionalBool("skip_resolution")
        for key in Self.serverFields { body[key] = stored?.data[key] ?? .null }
        body["status"] = .string(try status(fields, sourceURL: sourceURL, stored: stored))
        return DocumentBody.stamped(
            body, collection: collection, stored: stored.map { StoredDocumentBody(data: $0.data) }, now: context.now)
    }

    private func currency(_ fields: FieldRules) throws -> JSONValue {
        guard let code = try fields.optionalString("currency", maxLength: 3) else { return .null }
        guard code.count == 3, code.allSatisfy(\.isLetter) else {
            throw APIError.validation("'currency' must be a three-letter code such as RUB or USD")
        }
        return .string(code.uppercased())
    }

    private func status(_ fields: FieldRules, sourceURL: String?, stored: StoredDocument?) throws -> String {
        let requested = try fields.optionalString("status", maxLength: 20)
        if let requested, Self.clientStatuses.contains(requested) { return requested }
        if let current = stored?.data["status"]?.stringValue { return current }
        if let requested, !["in_progress", "error"].contains(requested) {
            throw APIError.validation("'status' must be pending or resolved")
        }
        return sourceURL == nil ? "resolved" : "pending"
    }
}
