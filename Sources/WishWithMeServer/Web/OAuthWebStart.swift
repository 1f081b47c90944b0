import HearthServer
import Hummingbird

/// `/oauth/<provider>/start`: the "Continue with Google/Yandex" buttons of the sign-in
/// pages. The flow is the API's (PKCE, single-use state, the same callback), marked as a
/// web sign-in, so the callback opens a browser session instead of putting tokens in a
/// URL; the state also goes into a short-lived cookie, so only the browser that started
/// the flow can finish it.
struct OAuthWebStart: Sendable {
    static let stateCookie = "hearth_oauth_state"

    let web: WishWithMeWeb
    let service: OAuthService

    func register(on routes: RouterGroup<HearthRequestContext>) {
        routes.group().add(middleware: web.services.authThrottle.addressMiddleware)
            .get("oauth/:provider/start") { request, context in try await start(request, provider: context.parameters.get("provider")) }
    }

    func start(_ request: Request, provider name: String?) async throws -> Response {
        let visit = try await web.visit(request)
        guard let provider = try? service.providers.settings(named: name) else { return web.notFound(visit) }
        let site = web.site
        let start = try await service.start(
            provider, action: .webLogin, userID: nil, callbackURL: site.url("/login"),
            redirectURI: OAuthRoutes.redirectURI(for: provider.provider, request, mountPath: site.mountPath, settings: web.settings))
        let cookie = WebCookies.setCookie(
            Self.stateCookie, value: start.state, path: site.cookiePath,
            maxAge: OAuthStateStore.lifetimeSeconds, secure: site.secureCookies)
        var response = WebPageResponse.redirect(to: start.authorizationURL, cookies: visit.cookies + [cookie])
        response.status = .found
        return response
    }

    static func clearedStateCookie(_ site: WebSite) -> String {
        WebCookies.setCookie(stateCookie, value: "", path: site.cookiePath, maxAge: 0, secure: site.secureCookies)
    }
}
