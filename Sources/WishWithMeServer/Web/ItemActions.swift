import Foundation
import HearthCore
import HearthServer
import Hummingbird

/// The forms on a wishlist page: the owner adds an item (by its shop link, which the
/// resolver fills in, or by hand) or deletes one; a friend marks an item ("I will buy
/// this") or takes the mark back. Each is one push through the same rules as sync.
struct ItemActions: Sendable {
    let web: WishWithMeWeb
    var site: WebSite { web.site }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.post("wishlists/:id/items") { request, context in
            try await act(request, context) { userID, form, wishlistID in try await add(form, to: wishlistID, by: userID) }
        }
        routes.post("wishlists/:id/items/:item/delete") { request, context in
            try await act(request, context) { userID, _, wishlistID in
                try await delete(ShareService.prefixed(context.pathParameter("item"), collection: .items), in: wishlistID, by: userID)
            }
        }
        routes.post("wishlists/:id/items/:item/mark") { request, context in
            try await act(request, context) { userID, _, wishlistID in
                try await mark(ShareService.prefixed(context.pathParameter("item"), collection: .items), in: wishlistID, by: userID)
            }
        }
        routes.post("wishlists/:id/items/:item/unmark") { request, context in
            try await act(request, context) { userID, _, wishlistID in
                try await unmark(ShareService.prefixed(context.pathParameter("item"), collection: .items), in: wishlistID, by: userID)
            }
        }
    }

    /// Runs `action` for a signed-in visitor with a valid form; back to the wishlist page,
    /// showing the rules' answer if they refused.
    private func act(
        _ request: Request, _ context: HearthRequestContext,
        _ action: (_ userID: String, _ form: FormFields, _ wishlistID: String) async throws -> String?
    ) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let wishlistID = ShareService.prefixed(context.pathParameter("id"), collection: .wishlists)
        if let refusal = try await action(userID, form, wishlistID) {
            return try await WishlistPages(web: web).show(
                request, visit: visit, wishlistID: wishlistID, error: refusal, status: .unprocessableContent)
        }
        return site.redirect("/wishlists/\(WebPath.bare(wishlistID))", visit: visit)
    }

    private var now: String { LegacyTimestamp.format(web.services.clock.now) }

    private func add(_ form: FormFields, to wishlistID: String, by userID: String) async throws -> String? {
        let link = (form["source_url"] ?? "").trimmingCharacters(in: .whitespaces)
        var title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty, !link.isEmpty { title = URL(string: link)?.host ?? String(link.prefix(200)) }
        let price = (form["price"] ?? "").replacingOccurrences(of: ",", with: ".").trimmingCharacters(in: .whitespaces)
        let currency = (form["currency"] ?? "").trimmingCharacters(in: .whitespaces)
        let quantity = (form["quantity"] ?? "").trimmingCharacters(in: .whitespaces)
        var document: [String: JSONValue] = [
            "_id": .string(WishWithMeCollection.items.makeID()), "type": "item", "wishlist_id": .string(wishlistID),
            "owner_id": .string(userID), "title": .string(title), "created_at": .string(now), "updated_at": .string(now),
            "source_url": link.isEmpty ? .null : .string(link), "currency": currency.isEmpty ? .null : .string(currency.uppercased()),
            "status": link.isEmpty ? "resolved" : "pending",
        ]
        if !price.isEmpty {
            guard let amount = Double(price), amount.isFinite else { return "'price' must be a number" }
            document["price"] = .double(amount)
        }
        if !quantity.isEmpty {
            guard let count = Int64(quantity) else { return "'quantity' must be a whole number" }
            document["quantity"] = .int(count)
        }
        return try await web.sync.push(.items, userID: userID, documents: [.object(document)]).first?.error
    }

    private func delete(_ itemID: String, in wishlistID: String, by userID: String) async throws -> String? {
        let deletion: JSONValue = [
            "_id": .string(itemID), "type": "item", "wishlist_id": .string(wishlistID), "_deleted": true, "updated_at": .string(now),
        ]
        return try await web.sync.push(.items, userID: userID, documents: [deletion]).first?.error
    }

    /// One more of the item, on the friend's existing mark if they have one.
    private func mark(_ itemID: String, in wishlistID: String, by userID: String) async throws -> String? {
        let mine = try await ownMark(on: itemID, in: wishlistID, by: userID)
        let owner = try await web.sync.document(wishlistID, in: .wishlists, userID: userID)?["owner_id"]
        var document: [String: JSONValue] = mine?.objectValue ?? [
            "_id": .string(WishWithMeCollection.marks.makeID()), "type": "mark", "item_id": .string(itemID),
            "wishlist_id": .string(wishlistID), "marked_by": .string(userID), "quantity": 0, "created_at": .string(now),
        ]
        document["owner_id"] = owner ?? .null
        document["quantity"] = .int((document["quantity"]?.intValue ?? 0) + 1)
        document["updated_at"] = .string(now)
        return try await web.sync.push(.marks, userID: userID, documents: [.object(document)]).first?.error
    }

    private func unmark(_ itemID: String, in wishlistID: String, by userID: String) async throws -> String? {
        guard let mine = try await ownMark(on: itemID, in: wishlistID, by: userID), var document = mine.objectValue else { return nil }
        document["_deleted"] = true
        document["updated_at"] = .string(now)
        return try await web.sync.push(.marks, userID: userID, documents: [.object(document)]).first?.error
    }

    private func ownMark(on itemID: String, in wishlistID: String, by userID: String) async throws -> JSONValue? {
        try await web.sync.documents(.marks, ofWishlist: wishlistID, userID: userID)
            .first { $0["item_id"]?.stringValue == itemID && $0["marked_by"]?.stringValue == userID }
    }
}
