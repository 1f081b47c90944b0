import Foundation
import HearthCore
import Hummingbird

/// One visit to an app's pages: who is signed in (if anyone), the language to answer in,
/// the token this page's forms must carry, and cookies to set with the answer.
public struct WebVisit: Sendable {
    public let session: WebSession?
    public var language: String
    public let formToken: String
    public var cookies: [String]

    public var userID: String? { session?.userID }
}

/// What every app with web pages gets from the platform (Wish With Me's web app, Rush
/// Day's RSVP pages): sessions in cookies, CSRF tokens on forms, the language, the page
/// layout's common values and the security headers. Built once per app at start.
public struct WebSite: Sendable {
    public static let sessionCookie = "hearth_session"
    static let formCookie = "hearth_form"
    public static let formTokenField = "csrf_token"
    /// Forms are small; an image upload is not one of them.
    public static let maxFormBytes = 64 * 1024

    public let sessions: WebSessions
    public let templates: PageTemplates
    public let strings: PageStrings
    /// Where the app's pages are (`""` at the root, `/wishwithme` under `hearth serve`).
    public let mountPath: String
    /// Cookies get `Secure` when people reach the server over HTTPS.
    public let secureCookies: Bool

    public init(sessions: WebSessions, templates: PageTemplates, strings: PageStrings, mountPath: String, secureCookies: Bool) {
        self.sessions = sessions
        self.templates = templates
        self.strings = strings
        self.mountPath = mountPath
        self.secureCookies = secureCookies
    }

    /// The `Path` of the app's cookies: its mount, or `/` at the root.
    public var cookiePath: String { mountPath.isEmpty ? "/" : mountPath }

    /// `path` below the app's mount, for links and redirects.
    public func url(_ path: String) -> String { mountPath + path }

    /// Reads the session cookie and picks the language (`profileLanguage` is asked only
    /// for a signed-in visitor).
    public func visit(_ request: Request, profileLanguage: @Sendable (String) async throws -> String? = { _ in nil }) async throws -> WebVisit {
        let token = WebCookies.value(named: Self.sessionCookie, in: request) ?? ""
        let session = try await sessions.session(token: token)
        var cookies: [String] = []
        if session == nil, !token.isEmpty { cookies.append(clearedSessionCookie) }
        let formToken: String
        if let session {
            formToken = session.csrfToken
        } else if let existing = WebCookies.value(named: Self.formCookie, in: request), existing.utf8.count == 43 {
            formToken = existing
        } else {
            formToken = OpaqueToken.make()
            cookies.append(WebCookies.setCookie(Self.formCookie, value: formToken, path: cookiePath, maxAge: 86_400, secure: secureCookies, sameSite: "Strict"))
        }
        var profile: String?
        if let session { profile = try await profileLanguage(session.userID) }
        let language = PageLanguage.choose(profile: profile, acceptLanguage: request.headers[.acceptLanguage], supported: strings.languages)
        return WebVisit(session: session, language: language, formToken: formToken, cookies: cookies)
    }

    /// The posted form, or `nil` when its CSRF token is not this visitor's (then answer
    /// with ``forbiddenForm(_:)``, having changed nothing).
    public func form(_ request: Request, visit: WebVisit) async throws -> FormFields? {
        let body = try await request.body.collect(upTo: Self.maxFormBytes)
        let fields = FormFields(String(decoding: body.readableBytesView, as: UTF8.self))
        guard let sent = fields[Self.formTokenField], OpaqueToken.same(sent, visit.formToken) else { return nil }
        return fields
    }

    /// Signs the browser in as `userID`: a new session (never the old cookie's: no fixation).
    public func signIn(userID: String) async throws -> String {
        let (token, _) = try await sessions.open(userID: userID)
        return WebCookies.setCookie(Self.sessionCookie, value: token, path: cookiePath, maxAge: WebSessions.lifetimeSeconds, secure: secureCookies)
    }

    public var clearedSessionCookie: String {
        WebCookies.setCookie(Self.sessionCookie, value: "", path: cookiePath, maxAge: 0, secure: secureCookies)
    }

    /// `template` rendered with `context` plus what every page's layout uses: `t` (the
    /// language's texts), `lang`, `csrf_token`, `base` (the mount path), `signed_in`.
    ///
    /// Empty strings are left out (recursively), so `{{#key}}…{{/key}}` shows nothing for
    /// them, as for an absent key: mustache counts any string, even "", as present.
    public func page(_ template: String, _ context: [String: Any], visit: WebVisit, status: HTTPResponse.Status = .ok) -> Response {
        var values = Self.withoutEmptyStrings(context)
        values["t"] = strings.table(visit.language)
        values["lang"] = visit.language
        values[Self.formTokenField] = visit.formToken
        values["base"] = mountPath
        values["signed_in"] = visit.session != nil
        guard let html = templates.render(values, template: template) else {
            return WebPageResponse.page("<!doctype html><title>Unavailable</title><p>The page templates are missing from this server.", status: .serviceUnavailable)
        }
        return WebPageResponse.page(html, status: status, cookies: visit.cookies)
    }

    static func withoutEmptyStrings(_ context: [String: Any]) -> [String: Any] {
        context.compactMapValues { value -> Any? in
            switch value {
            case let text as String: text.isEmpty ? nil : text
            case let object as [String: Any]: withoutEmptyStrings(object)
            case let list as [[String: Any]]: list.map(withoutEmptyStrings)
            default: value
            }
        }
    }

    public func redirect(_ path: String, visit: WebVisit, cookies: [String] = []) -> Response {
        WebPageResponse.redirect(to: url(path), cookies: visit.cookies + cookies)
    }
}
