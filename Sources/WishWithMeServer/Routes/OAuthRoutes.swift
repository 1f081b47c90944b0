import Foundation
import HTTPTypes
import HearthCore
import HearthServer
import Hummingbird

/// `/api/v1/oauth/*` (spec §3): sign-in and account linking with Google and Yandex.
struct OAuthRoutes: Sendable {
    let service: OAuthService
    let connected: ConnectedAccounts
    let settings: WishWithMeSettings
    /// Opens the browser session of a sign-in started on the web pages.
    let site: WebSite

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")

    /// The routes anyone may call.
    func register(on api: RouterGroup<HearthRequestContext>) {
        let oauth = api.group("api/v1/oauth")
        oauth.get("providers") { _, _ in Response.json(["providers": .array(service.providers.names.map(JSONValue.string))]) }
        oauth.get(":provider/authorize") { request, context in try await authorize(request, context) }
        oauth.get(":provider/callback") { request, context in try await callback(request, context) }
    }

    /// The routes of a signed-in user (Bearer token).
    func registerSignedIn(on signedIn: RouterGroup<HearthRequestContext>) {
        let oauth = signedIn.group("api/v1/oauth")
        oauth.post(":provider/link/initiate") { request, context in try await initiateLink(request, context) }
        oauth.delete(":provider/unlink") { _, context in try await unlink(context) }
        oauth.get("connected") { _, context in Response.json(try await connected.list(userID: try context.requireUser())) }
    }

    func authorize(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let provider = try service.providers.settings(named: context.parameters.get("provider"))
        let query = request.uri.queryParameters
        let redirect = try Self.flag(query["redirect"].map(String.init), name: "redirect", default: true)
        let start = try await service.start(
            provider, action: .login, userID: nil, callbackURL: try service.callbackURL(requested: query["callback_url"].map(String.init)),
            redirectURI: redirectURI(for: provider.provider, request))
        guard redirect else { return Response.json(["authorization_url": .string(start.authorizationURL), "state": .string(start.state)]) }
        return Response(status: .found, headers: [.location: start.authorizationURL])
    }

    func callback(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let provider = try OAuthProviders.provider(named: context.parameters.get("provider"))
        let query = request.uri.queryParameters
        let callback = OAuthService.Callback(
            code: query["code"].map(String.init), state: query["state"].map(String.init), error: query["error"].map(String.init),
            errorDescription: query["error_description"].map(String.init))
        let browserState = WebCookies.value(named: OAuthWebStart.stateCookie, in: request)
        let finish = await service.finish(provider, callback, redirectURI: redirectURI(for: provider, request), browserState: browserState)
        // The location may carry tokens (spec §8.29): keep it out of Referer headers and caches.
        var headers: HTTPFields = [.location: finish.location, .cacheControl: "no-store"]
        if let name = Self.referrerPolicy { headers[name] = "no-referrer" }
        if browserState != nil { headers.append(HTTPField(name: .setCookie, value: OAuthWebStart.clearedStateCookie(site))) }
        if let userID = finish.webUserID { headers.append(HTTPField(name: .setCookie, value: try await site.signIn(userID: userID))) }
        return Response(status: .found, headers: headers)
    }

    func initiateLink(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let provider = try service.providers.settings(named: context.parameters.get("provider"))
        let callbackURL = try service.callbackURL(requested: request.uri.queryParameters["callback_url"].map(String.init))
        let start = try await service.start(
            provider, action: .link, userID: userID, callbackURL: callbackURL, redirectURI: redirectURI(for: provider.provider, request))
        return Response.json(["authorization_url": .string(start.authorizationURL), "state": .string(start.state)])
    }

    func unlink(_ context: HearthRequestContext) async throws -> Response {
        let provider = try OAuthProviders.provider(named: context.parameters.get("provider"))
        try await connected.unlink(provider, userID: try context.requireUser())
        return Response.json(["message": .string("Successfully unlinked \(provider.rawValue)")])
    }

    /// `{API base}/api/v1/oauth/{provider}/callback`, the URI registered with the provider.
    /// Without a configured base it is the request's origin plus the path the app is
    /// mounted at, identical for the authorize request and the callback.
    private func redirectURI(for provider: OAuthProviderSettings.Provider, _ request: Request) -> String {
        let path = request.uri.path
        let mountPath = path.range(of: "/api/v1/oauth/").map { String(path[..<$0.lowerBound]) } ?? ""
        return Self.redirectURI(for: provider, request, mountPath: mountPath, settings: settings)
    }

    static func redirectURI(
        for provider: OAuthProviderSettings.Provider, _ request: Request, mountPath: String, settings: WishWithMeSettings
    ) -> String {
        let base = settings.apiBaseURL ?? RequestOrigin.origin(of: request) + mountPath
        return "\(base)/api/v1/oauth/\(provider.rawValue)/callback"
    }

    /// A boolean query parameter as the original framework read it.
    private static func flag(_ text: String?, name: String, default value: Bool) throws -> Bool {
        guard let text else { return value }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw APIError.validation("'\(name)' must be a boolean")
        }
    }
}
