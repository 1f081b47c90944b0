import AsyncHTTPClient
import HearthCore
import HearthIdentity
import HearthServer
import Hummingbird

/// Knot's GoTrue-compatible auth (spec §4, as settled by `docs/KNOT.md` ("Wire contract")):
/// the `/auth/v1` routes, the middleware guarding the Knot API, and the caller check of
/// the PostgREST shim.
///
/// ```swift
/// let auth = KnotAuth(services: services, settings: settings)
/// auth.register(on: routes)                                  // /auth/v1/…
/// routes.group("api/v1").add(middleware: auth.requireUser)   // context.userID, sessionID
/// routes.group("rest/v1").add(middleware: auth.requireAPIKey)
/// let userID = try auth.postgrestCaller(request)             // nil: anonymous
/// ```
public struct KnotAuth: Sendable {
    let core: KnotAuthCore

    public init(services: AppServices, settings: KnotSettings) {
        let mailSender: any MailSender =
            settings.smtp.map { smtp in
                SMTPMailSender(
                    configuration: .init(host: smtp.host, port: smtp.port, user: smtp.user, password: smtp.password, from: smtp.from),
                    logger: services.logger)
            }
            ?? OutboxMailSender(
                directory: settings.mailOutboxDirectory ?? services.configuration.dataDirectory + "/knot-mail-outbox", clock: services.clock)
        self.init(services: services, settings: settings, mailSender: mailSender)
    }

    /// With a mail sender of the caller's choosing (tests).
    init(services: AppServices, settings: KnotSettings, mailSender: any MailSender) {
        let apple: (any IdentityTokenVerifier)? =
            settings.appleClientIDs.isEmpty
            ? nil
            : OpenIDConnectVerifier(
                configuration: .apple(
                    clientIDs: settings.appleClientIDs, keySetURL: settings.appleKeySetURL, issuer: settings.appleIssuer,
                    nonce: .hashedBothOrNeither),
                http: .shared, clock: services.clock)
        let google: (any IdentityTokenVerifier)? =
            settings.googleClientIDs.isEmpty
            ? nil
            : OpenIDConnectVerifier(
                configuration: .google(clientIDs: settings.googleClientIDs, keySetURL: settings.googleKeySetURL, nonce: .unchecked),
                http: .shared, clock: services.clock)
        core = KnotAuthCore(services: services, settings: settings, mailSender: mailSender, apple: apple, google: google)
    }

    /// Mounts `/auth/v1` on `routes`. Every route but `GET /verify` (a mail link a browser
    /// opens) requires the `apikey` when an anon key is configured; sign-up, sign-in,
    /// `/otp`, `POST /verify`, `/recover` and `/resend` are throttled per client address
    /// (and per account inside).
    /// Public routes never read `Authorization` (the Python SDK sends stale tokens there).
    public func register(on routes: RouterGroup<HearthRequestContext>) {
        let auth = routes.group("auth/v1").add(middleware: GoTrueErrorMiddleware())
        let verify = VerifyRoutes(core: core)
        auth.get("verify") { request, context in try await verify.verifyGet(request, context) }

        let keyed = auth.group().add(middleware: requireAPIKey)
        let settings = SettingsRoutes(core: core)
        keyed.get("settings") { request, context in settings.settings(request, context) }
        keyed.get("health") { request, context in settings.health(request, context) }

        let throttled = keyed.group().add(middleware: core.services.authThrottle.addressMiddleware)
        let (signup, token, otp) = (SignupRoute(core: core), TokenRoute(core: core), OTPRoute(core: core))
        throttled.post("signup") { request, context in try await signup.handle(request, context) }
        throttled.post("token") { request, context in try await token.handle(request, context) }
        throttled.post("otp") { request, context in try await otp.handle(request, context) }
        throttled.post("verify") { request, context in try await verify.verifyPost(request, context) }
        let recovery = RecoveryRoutes(core: core)
        throttled.post("recover") { request, context in try await recovery.recover(request, context) }
        throttled.post("resend") { request, context in try await recovery.resend(request, context) }

        let user = UserRoutes(core: core)
        keyed.get("user") { request, context in try await user.get(request, context) }
        keyed.put("user") { request, context in try await user.put(request, context) }
        keyed.post("logout") { request, context in try await user.logout(request, context) }

        AdminRoutes(core: core).register(on: keyed.group("admin"))
    }

    /// For the Knot API (`/api/v1`, spec §4.4): a valid Bearer access token (scheme in
    /// any case) whose session still exists and whose user still exists; sets
    /// `context.userID` and `context.sessionID`. Anything else is 401 `{"detail": …}`
    /// with `WWW-Authenticate: Bearer`, in the app's error format.
    public var requireUser: KnotUserMiddleware { KnotUserMiddleware(core: core) }

    /// The `apikey` rule (research doc §7) for groups outside `/auth/v1` (`/rest/v1`).
    public var requireAPIKey: KnotAPIKeyMiddleware { KnotAPIKeyMiddleware(settings: core.settings) }

    /// The user a PostgREST request acts for, with PostgREST's semantics (research doc
    /// §8): only the signature, `exp` and `aud` of the token count, never the session.
    /// `nil` means anonymous: no `Authorization`, a scheme other than Bearer, or a bearer
    /// that is the anon/service key (or equals the request's `apikey`) or names no user.
    public func postgrestCaller(_ request: Request) throws(PostgRESTAuthFailure) -> String? {
        guard let header = request.headers[.authorization], let token = BearerToken.parse(header) else { return nil }
        if core.isConfiguredKey(token) { return nil }
        if let apiKey = request.headers[KnotAPIKeyMiddleware.header], ConstantTime.equal(apiKey, token) { return nil }
        let claims: AccessTokenClaims
        do {
            claims = try core.tokens.verify(token, now: core.clock.now)
        } catch {
            switch error {
            case .expired, .wrongAudience: throw PostgRESTAuthFailure(code: "PGRST303", message: error.message)
            case .badSignature, .malformed: throw PostgRESTAuthFailure(code: "PGRST301", message: error.message)
            }
        }
        return claims.subject.isEmpty ? nil : claims.subject.lowercased()
    }
}

/// Why PostgREST refuses a token: always 401, `{"code", "details": null, "hint": null,
/// "message"}` with ``wwwAuthenticate`` (research doc §8): `PGRST303` for an expired or
/// wrong-audience token ("JWT expired"), `PGRST301` for a bad signature or a malformed one.
public struct PostgRESTAuthFailure: Error, Sendable, Hashable {
    public let code: String
    public let message: String

    /// The `WWW-Authenticate` header PostgREST sends with it.
    public var wwwAuthenticate: String {
        "Bearer error=\"invalid_token\", error_description=\"\(message.replacingOccurrences(of: "\"", with: "'"))\""
    }
}
