import HTTPTypes
import HearthCore
import HearthServer
import Hummingbird

/// Share links in the browser: the owner makes (`mark` or `view`) and revokes them on the
/// wishlist page; `/s/<token>` is where a link leads. A signed-out friend is asked to sign
/// in or register and comes back; a signed-in one is granted the wishlist (and gets a
/// bookmark) exactly as `POST /api/v1/shared/<token>/grant-access` does.
struct SharePages: Sendable {
    let web: WishWithMeWeb
    var site: WebSite { web.site }
    /// Which site a browser navigation came from (Fetch Metadata).
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.post("wishlists/:id/shares") { request, context in try await create(request, wishlistID: context.pathParameter("id")) }
        routes.post("wishlists/:id/shares/:share/revoke") { request, context in
            try await revoke(request, wishlistID: context.pathParameter("id"), shareID: context.pathParameter("share"))
        }
        let links = routes.group().add(middleware: web.services.authThrottle.addressMiddleware)
        links.get("s/:token") { request, context in try await open(request, token: context.pathParameter("token")) }
        links.post("s/:token") { request, context in try await confirm(request, token: context.pathParameter("token")) }
    }

    func create(_ request: Request, wishlistID: String) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let linkType = ShareService.LinkType(rawValue: form["link_type"] ?? "") ?? .mark
        do {
            _ = try await web.shares.create(
                wishlistID: wishlistID, by: userID, linkType: linkType, expiresInDays: nil, shareURLBase: web.shareURLBase(for: request))
        } catch let error as APIError where error.status == .notFound || error.status == .forbidden {
            return web.notFound(visit)
        }
        return site.redirect("/wishlists/\(WebPath.bare(wishlistID))", visit: visit)
    }

    func revoke(_ request: Request, wishlistID: String, shareID: String) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard try await site.form(request, visit: visit) != nil else { return web.forbiddenForm(visit) }
        do {
            try await web.shares.revoke(shareID: shareID, wishlistID: wishlistID, by: userID)
        } catch let error as APIError where error.status == .notFound || error.status == .forbidden {
            return web.notFound(visit)
        }
        return site.redirect("/wishlists/\(WebPath.bare(wishlistID))", visit: visit)
    }

    func open(_ request: Request, token: String) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else {
            let next = WebPath.queryEscaped("/s/\(token)")
            return site.page("shared-signin", ["next": next], visit: visit)
        }
        // Following a link joins its wishlist: another site must not make a signed-in
        // browser do that unasked, so a link opened from one asks first (a form, CSRF-checked).
        if Self.fetchSite.map({ request.headers[$0] == "cross-site" }) ?? false {
            return site.page("shared-confirm", ["token": token], visit: visit)
        }
        return try await grant(token: token, to: userID, visit: visit)
    }

    func confirm(_ request: Request, token: String) async throws -> Response {
        let visit = try await web.visit(request)
        guard let userID = visit.userID else { return web.signInFirst(request, visit) }
        guard try await site.form(request, visit: visit) != nil else { return web.forbiddenForm(visit) }
        return try await grant(token: token, to: userID, visit: visit)
    }

    private func grant(token: String, to userID: String, visit: WebVisit) async throws -> Response {
        do {
            let grant = try await web.shares.grantAccess(token: token, to: userID)
            return site.redirect("/wishlists/\(WebPath.bare(grant.wishlistID))", visit: visit)
        } catch let error as APIError where error.status == .notFound {
            return web.notFound(visit)
        }
    }
}
