import HearthCore
import HearthServer
import HearthStore

/// Wishlists: only the owner creates, edits or deletes; the owner never changes; the
/// audience is the owner plus users granted through active share links.
struct WishlistRule: CollectionWriteRule {
    let collection = WishWithMeCollection.wishlists

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        let owner: String
        if let stored = write.stored {
            owner = StoredDocumentBody(data: stored.data)["owner_id"] ?? ""
            guard owner == write.userID else { return .deny(RuleDenial.unauthorized("not the wishlist owner")) }
        } else {
            owner = write.userID
        }
        let access = try await WishlistAudience.readers(ofWishlist: write.id, owner: owner, executor: context.executor)
        guard let data = write.data else { return .allow(access: access) }
        if let claimed = data["owner_id"], claimed.stringValue != owner {
            return .deny(RuleDenial.unauthorized("not the wishlist owner"))
        }
        if write.stored == nil, data["owner_id"] == nil {
            return .deny(RuleDenial.unauthorized("not the wishlist owner"))
        }
        let fields = FieldRules(data: data)
        var body = DocumentBody.clientFields(of: data)
        body["owner_id"] = .string(owner)
        body["name"] = .string(try fields.requiredString("name", length: 1...100))
        body["description"] = try fields.optionalString("description", maxLength: 500).map(JSONValue.string) ?? .null
        body["icon"] = .string(try fields.optionalString("icon", maxLength: 50) ?? "card_giftcard")
        body["icon_color"] = .string(try fields.optionalString("icon_color", maxLength: 20) ?? "primary")
        body["is_public"] = .bool(try fields.optionalBool("is_public") ?? false)
        let stamped = DocumentBody.stamped(
            body, collection: collection, stored: write.stored.map { StoredDocumentBody(data: $0.data) }, now: context.now)
        return .allow(access: access, data: stamped)
    }
}
