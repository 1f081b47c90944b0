import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// Wish With Me in the browser, at the routes of the original PWA: what a friend opening
/// a share link without the app needs, and the owner's screens of the iOS app.
///
/// Pages are thin: every read and write goes through the services the JSON API and sync
/// use (`LegacySyncService` with the collection rules, `ShareService`, `PasswordSignIn`),
/// so access, surprise mode, mark permission and validation have one implementation.
struct WishWithMeWeb: Sendable {
    static let languages = ["en", "ru"]

    let site: WebSite
    let services: AppServices
    let accounts: AccountStore
    let sync: LegacySyncService
    let shares: ShareService
    let oauth: OAuthService
    let settings: WishWithMeSettings

    var signIn: PasswordSignIn { PasswordSignIn(services: services, accounts: accounts) }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let routes = routes.group().add(middleware: WebErrorPages(site: site))
        site.registerStaticAssets(on: routes)
        AccountPages(web: self).register(on: routes)
        WishlistPages(web: self).register(on: routes)
        ItemActions(web: self).register(on: routes)
        SharePages(web: self).register(on: routes)
        ProfilePages(web: self).register(on: routes)
        OAuthWebStart(web: self, service: oauth).register(on: routes)
    }

    /// The visit, in the signed-in user's own language when they chose one.
    func visit(_ request: Request) async throws -> WebVisit {
        try await site.visit(request) { [accounts] userID in
            try await accounts.profile(of: userID)?.data["locale"]?.stringValue
        }
    }

    /// Where a signed-out visitor goes: the sign-in page, which brings them back here.
    func signInFirst(_ request: Request, _ visit: WebVisit) -> Response {
        let path = request.uri.path
        let next = path.hasPrefix(site.mountPath) ? String(path.dropFirst(site.mountPath.count)) : "/wishlists"
        return site.redirect("/login?next=" + WebPath.queryEscaped(next), visit: visit)
    }

    func notFound(_ visit: WebVisit) -> Response {
        site.page("not-found", [:], visit: visit, status: .notFound)
    }

    /// A form whose CSRF token is not this visitor's: nothing was changed.
    func forbiddenForm(_ visit: WebVisit) -> Response {
        site.page("forbidden", [:], visit: visit, status: .forbidden)
    }

    func shareURLBase(for request: Request) -> String {
        settings.shareURLBase(for: request, mountPath: site.mountPath)
    }
}
