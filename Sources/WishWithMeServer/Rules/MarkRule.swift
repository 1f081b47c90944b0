import HearthCore
import HearthServer
import HearthStore

/// Marks ("I will buy this") and surprise mode: a mark is never readable by the owner of
/// its wishlist, by any path. Only a reader of the wishlist who followed a `mark` link may
/// mark, never the owner; the item must be in that wishlist and not already fully marked
/// (decision §10.8). Only the marker edits or removes their mark.
struct MarkRule: CollectionWriteRule {
    let collection = WishWithMeCollection.marks

    func canRead(_ document: StoredDocument, userID: String) -> Bool {
        document.isReadable(by: userID) && document.data["owner_id"]?.stringValue != userID
    }

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        let stored = write.stored.map { StoredDocumentBody(data: $0.data) }
        if let stored, stored["marked_by"] != write.userID {
            return .deny(RuleDenial.unauthorized("not the mark owner"))
        }
        guard let data = write.data else { return .allow(access: Set(write.stored?.access ?? [])) }
        let fields = FieldRules(data: data)
        if let claimed = data["marked_by"], claimed.stringValue != write.userID {
            return .deny(RuleDenial.unauthorized("not the mark owner"))
        }
        if write.stored == nil, data["marked_by"] == nil { return .deny(RuleDenial.unauthorized("not the mark owner")) }
        let wishlistID = try stored?["wishlist_id"] ?? fields.requiredReference("wishlist_id", missing: "Mark missing wishlist_id")
        let itemID = try stored?["item_id"] ?? fields.requiredReference("item_id", missing: "Mark missing item_id")
        if data["wishlist_id"].map({ $0.stringValue != wishlistID }) ?? false || data["item_id"].map({ $0.stringValue != itemID }) ?? false {
            return .deny(RuleDenial.unauthorized("a mark cannot move to another item"))
        }
        guard let wishlist = try await context.live(wishlistID, in: .wishlists) else {
            return .deny(APIError.notFound("Wishlist not found"))
        }
        let owner = StoredDocumentBody(data: wishlist.data)["owner_id"] ?? ""
        guard wishlist.isReadable(by: write.userID) else { return .deny(RuleDenial.unauthorized("no access to wishlist")) }
        guard owner != write.userID else { return .deny(RuleDenial.unauthorized("you cannot mark items of your own wishlist")) }
        guard try await WishlistAudience.canMark(userID: write.userID, wishlistID: wishlistID, executor: context.executor) else {
            return .deny(RuleDenial.unauthorized("this wishlist was shared with you for viewing only"))
        }
        guard let item = try await context.live(itemID, in: .items), item.data["wishlist_id"]?.stringValue == wishlistID else {
            return .deny(APIError.notFound("Item not found"))
        }
        let quantity = try fields.quantity()
        let others = try await DocumentRelations.marks(onItem: itemID, store: context.writer.store, executor: context.executor)
            .filter { $0.id != write.id }
            .reduce(Int64(0)) { sum, mark in sum + (FieldRules(data: mark.data).quantityOrOne) }
        let wanted = (try? FieldRules(data: item.data).quantity()) ?? 1
        guard others + quantity <= wanted else {
            return .deny(APIError(.conflict, code: .conflict, message: "Item fully marked"))
        }
        var body = DocumentBody.clientFields(of: data)
        body["wishlist_id"] = .string(wishlistID)
        body["item_id"] = .string(itemID)
        body["owner_id"] = .string(owner)
        body["marked_by"] = .string(write.userID)
        body["quantity"] = .int(quantity)
        let access = try await WishlistAudience.markReaders(ofWishlist: wishlistID, owner: owner, executor: context.executor)
        return .allow(access: access, data: DocumentBody.stamped(body, collection: collection, stored: stored, now: context.now))
    }
}

extension FieldRules {
    /// The quantity of a stored document, 1 when unreadable (stored data was validated).
    var quantityOrOne: Int64 { (try? quantity()) ?? 1 }
}
