import HearthCore
import HearthServer
import Hummingbird

/// `/login`, `/register`, `/logout` and `/settings` (password): the API's sign-in rules
/// and throttles, a fresh server-side session in an HttpOnly cookie on success, and a
/// `next` that only ever leads back into this app.
struct AccountPages: Sendable {
    let web: WishWithMeWeb
    var site: WebSite { web.site }

    func register(on routes: RouterGroup<HearthRequestContext>) {
        let throttled = routes.group().add(middleware: web.services.authThrottle.addressMiddleware)
        routes.get("login") { request, _ in try await showSignIn("login", request) }
        routes.get("register") { request, _ in try await showSignIn("register", request) }
        throttled.post("login") { request, _ in try await logIn(request) }
        throttled.post("register") { request, _ in try await register(request) }
        routes.post("logout") { request, _ in try await logOut(request) }
        routes.get("settings") { request, _ in try await settings(request, message: nil) }
        throttled.post("settings/password") { request, _ in try await changePassword(request) }
    }

    func showSignIn(_ template: String, _ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        let next = WebPath.next(request.uri.queryParameters["next"].map(String.init))
        if visit.session != nil { return site.redirect(next, visit: visit) }
        var values: [String: Any] = ["next": next]
        if let oauthError = request.uri.queryParameters["error"] {
            let strings = site.strings.table(visit.language)
            values["error"] = oauthError == "email_exists" ? strings["oauth_email_exists"] : strings["oauth_failed"]
        }
        return site.page(template, signInContext(values), visit: visit)
    }

    func logIn(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let next = WebPath.next(form["next"])
        let fields: JSONValue = ["email": .string(form["email"] ?? ""), "password": .string(form["password"] ?? "")]
        do {
            let (user, _) = try await web.signIn.logIn(try LoginRequest(fields))
            if let previous = visit.session { try await site.sessions.close(previous) }
            return site.redirect(next, visit: visit, cookies: [try await site.signIn(userID: user.id)])
        } catch let error as APIError {
            return site.page(
                "login", signInContext(["next": next, "email": form["email"] ?? "", "error": Self.message(error, visit, site)]),
                visit: visit, status: error.status)
        }
    }

    func register(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let next = WebPath.next(form["next"])
        let fields: JSONValue = [
            "email": .string(form["email"] ?? ""), "password": .string(form["password"] ?? ""), "name": .string(form["name"] ?? ""),
            "locale": .string(visit.language),
        ]
        do {
            let user = try await web.signIn.register(try RegisterRequest(fields))
            if let previous = visit.session { try await site.sessions.close(previous) }
            return site.redirect(next, visit: visit, cookies: [try await site.signIn(userID: user.id)])
        } catch let error as APIError {
            return site.page(
                "register",
                signInContext(["next": next, "email": form["email"] ?? "", "name": form["name"] ?? "", "error": Self.message(error, visit, site)]),
                visit: visit, status: error.status)
        }
    }

    func logOut(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard try await site.form(request, visit: visit) != nil else { return web.forbiddenForm(visit) }
        if let session = visit.session { try await site.sessions.close(session) }
        return site.redirect("/login", visit: visit, cookies: [site.clearedSessionCookie])
    }

    func settings(_ request: Request, message: String?) async throws -> Response {
        let visit = try await web.visit(request)
        guard visit.session != nil else { return web.signInFirst(request, visit) }
        return site.page("settings", ["message": message ?? ""], visit: visit)
    }

    /// A new password ends every other session of the account, in browsers and apps.
    func changePassword(_ request: Request) async throws -> Response {
        let visit = try await web.visit(request)
        guard let session = visit.session else { return web.signInFirst(request, visit) }
        guard let form = try await site.form(request, visit: visit) else { return web.forbiddenForm(visit) }
        let strings = site.strings.table(visit.language)
        do {
            guard let account = try await web.accounts.account(userID: session.userID), let hash = account.passwordHash else {
                throw APIError(.unauthorized, code: .unauthorized, message: strings["wrong_password"] ?? "Wrong password")
            }
            try await web.services.authThrottle.checkAccount(account.email)
            guard try await web.services.passwords.verify(form["current_password"] ?? "", against: hash)
            else { throw APIError(.unauthorized, code: .unauthorized, message: strings["wrong_password"] ?? "Wrong password") }
            let password = try RegisterRequest.checkedPassword(form["new_password"] ?? "")
            try await web.accounts.updatePasswordHash(try await web.services.passwords.hash(password), userID: session.userID)
            try await web.services.refreshTokens.revokeAll(userID: session.userID, app: web.services.appName)
            try await site.sessions.closeAll(userID: session.userID, keeping: session)
            return site.page("settings", ["message": strings["password_changed"] ?? "Password changed"], visit: visit)
        } catch let error as APIError {
            return site.page("settings", ["error": Self.message(error, visit, site)], visit: visit, status: error.status)
        }
    }

    /// A sign-in page's values plus one OAuth button per configured provider, and `next`
    /// escaped for the link to the other sign-in page.
    func signInContext(_ values: [String: Any]) -> [String: Any] {
        let providers = web.settings.oauthProviders.map { ["name": $0.provider.rawValue, "title": $0.provider == .google ? "Google" : "Yandex"] }
        let next = WebPath.queryEscaped(values["next"] as? String ?? "/wishlists")
        return values.merging(["providers": providers, "has_providers": !providers.isEmpty, "next_query": next]) { own, _ in own }
    }

    /// The API's message, in the visitor's language where the page has its own words.
    static func message(_ error: APIError, _ visit: WebVisit, _ site: WebSite) -> String {
        let strings = site.strings.table(visit.language)
        switch error.status {
        case .unauthorized: return strings["invalid_credentials"] ?? error.message
        case .conflict: return strings["email_taken"] ?? error.message
        case .tooManyRequests: return strings["too_many_attempts"] ?? error.message
        default: return error.message
        }
    }
}
