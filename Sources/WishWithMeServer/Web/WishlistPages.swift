import Foundation
import HearthCore
import HearthServer
import Hummingbird

/// `/wishlists` (the user's own, and a form to start one) and `/wishlists/<id>` (one
/// wishlist as its owner or a friend it was shared with sees it).
struct WishlistPages: Sendable {
    let web: WishWithMeWeb
    var site: WebSite { web.site }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.get("wishlists") { request, _ in try await list(request, visit: try await web.visit(request), error: nil, status: .ok) }
        routes.post("wishlists") { request, _ in try await create(request) }
        routes.get("events") { request, _ in try await events(request) }
        routes.get("wishlists/:id") { request, context in
            try await show(request, visit: try await web.visit(request), wishlistID: context.pathParameter("id"))
        }
    }

    func list(_ request: Request, visit: WebVisit, error: String?, status: HTTPResponse.Status) async throws -> Response {
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        let own = try await web.sync.pull(.wishlists, userID: userID).filter { $0["owner_id"]?.stringValue == userID }
        let wishlists = own.sorted { ($0["created_at"]?.stringValue ?? "") < ($1["created_at"]?.stringValue ?? "") }.map { wishlist in
            ["id": WebPath.bare(wishlist["_id"]?.stringValue ?? ""), "name": wishlist["name"]?.stringValue ?? "",
             "description": wishlist["description"]?.stringValue ?? ""]
        }
        return site.page("wishlists", ["wishlists": wishlists, "has_wishlists": !wishlists.isEmpty, "error": error ?? ""], visit: visit, status: status)
    }

    /// The signed-in user's feed events, which the page script listens to while an item
    /// is being resolved (the same stream apps get at `…/sync/events`).
    func events(_ request: Request) async throws -> Response {
        guard let userID = try await web.visit(request).userID else { return Response(status: .unauthorized) }
        return try await FeedEventStream(hub: web.services.feedHub, documents: web.services.documents).response(userID: userID)
    }

    func create(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let id = WishWithMeCollection.wishlists.makeID()
        let now = LegacyTimestamp.format(web.services.clock.now)
        let description = (form["description"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let document: JSONValue = [
            "_id": .string(id), "type": "wishlist", "owner_id": .string(userID),
            "name": .string((form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)),
            "description": description.isEmpty ? .null : .string(description), "icon": "card_giftcard", "icon_color": "primary",
            "is_public": false, "created_at": .string(now), "updated_at": .string(now),
        ]
        if let conflict = try await web.sync.push(.wishlists, userID: userID, documents: [document]).first {
            return try await list(request, visit: visit, error: conflict.error, status: .unprocessableContent)
        }
        return site.redirect("/wishlists/\(WebPath.bare(id))", visit: visit)
    }

    /// The wishlist page; `error` is what a failed action on it said.
    func show(_ request: Request, visit: WebVisit, wishlistID: String, error: String? = nil, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        let id = ShareService.prefixed(wishlistID, collection: .wishlists)
        guard let wishlist = try await web.sync.document(id, in: .wishlists, userID: userID) else { return web.notFound(visit) }
        let items = try await web.sync.documents(.items, ofWishlist: id, userID: userID)
            .sorted { ($0["created_at"]?.stringValue ?? "") < ($1["created_at"]?.stringValue ?? "") }
        let isOwner = wishlist["owner_id"]?.stringValue == userID
        let marks = isOwner ? [] : try await web.sync.documents(.marks, ofWishlist: id, userID: userID)
        let shares = isOwner ? try await web.sync.documents(.shares, ofWishlist: id, userID: userID) : []
        let mayMark = isOwner ? false : try await web.services.database.read { executor in
            try await WishlistAudience.canMark(userID: userID, wishlistID: id, executor: executor)
        }
        let view = WishlistView(
            wishlist: wishlist, items: items, marks: marks, shares: shares, userID: userID, mayMark: mayMark,
            shareURLBase: web.shareURLBase(for: request),
            strings: site.strings.table(visit.language))
        var context = view.context
        context["error"] = error ?? ""
        return site.page("wishlist", context, visit: visit, status: status)
    }
}
