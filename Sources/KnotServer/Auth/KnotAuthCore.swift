import HearthCore
import HearthIdentity
import HearthServer
import HearthStore
import Hummingbird

/// Everything the `/auth/v1` routes and the API middleware share: settings, keys, stores,
/// the mailer and the identity-token verifiers, and the steps every grant ends with.
struct KnotAuthCore: Sendable {
    let settings: KnotSettings
    let services: AppServices
    let keys: KnotAuthKeys
    let tokens: AccessTokenCodec
    let users = AuthUserStore()
    let sessions: AuthSessionStore
    let oneTimeTokens: OneTimeTokenStore
    let flows = FlowStateStore()
    let mailer: AuthMailer
    let redirects: RedirectPolicy
    /// Verifiers of Sign in with Apple and Google tokens; `nil` when not configured.
    let apple: (any IdentityTokenVerifier)?
    let google: (any IdentityTokenVerifier)?
    /// Where the auth server is reached, without `/auth/v1`.
    let siteURL: String

    var clock: any WallClock { services.clock }
    var database: any HearthDatabase { services.database }

    init(services: AppServices, settings: KnotSettings, mailSender: any MailSender, apple: (any IdentityTokenVerifier)?, google: (any IdentityTokenVerifier)?) {
        self.settings = settings
        self.services = services
        let root = settings.jwtSecret ?? services.appSigningKey
        keys = KnotAuthKeys(root: root)
        siteURL = settings.siteURL ?? (services.configuration.publicOrigin + services.configuration.mountPath(of: services.appName))
        tokens = AccessTokenCodec(key: keys.jwt, issuer: siteURL + "/auth/v1", lifetimeSeconds: settings.jwtLifetimeSeconds)
        sessions = AuthSessionStore(keys: keys, reuseIntervalSeconds: settings.refreshReuseIntervalSeconds)
        oneTimeTokens = OneTimeTokenStore(keys: keys, codeLength: settings.otpLength, lifetimeSeconds: settings.otpLifetimeSeconds)
        mailer = AuthMailer(
            sender: mailSender, authBase: siteURL + "/auth/v1", rateLimitSeconds: settings.emailRateLimitSeconds,
            logger: services.logger)
        redirects = RedirectPolicy(siteURL: siteURL, allowList: settings.redirectAllowList)
        self.apple = apple
        self.google = google
    }

    /// Who is asking, as sessions record it.
    struct Client: Sendable {
        var userAgent: String?
        var address: String?

        init(_ request: Request, _ context: HearthRequestContext) {
            userAgent = request.headers[.userAgent]
            address = context.clientAddress
        }
    }

    /// A new session of `user` started by `method` (`provider` is the identity used): the
    /// sign-in recorded, the Session JSON of research doc §2.1 returned.
    func signIn(
        _ user: AuthUser, method: String, provider: String, client: Client, now: Timestamp, in executor: any SQLExecutor
    ) async throws -> JSONValue {
        // An operator disabled the account (`hearth admin disable`).
        if try await services.accountStates.state(app: services.appName, userID: user.id, in: executor).isDisabled {
            throw GoTrueError(.badRequest, "user_banned", "User is banned")
        }
        try await users.recordSignIn(of: user.id, provider: provider, now: now, in: executor)
        let (session, refreshToken) = try await sessions.open(
            userID: user.id, method: method, now: now, userAgent: client.userAgent, address: client.address, in: executor)
        let current = try await users.user(id: user.id, in: executor) ?? user
        return sessionJSON(user: current, session: session, refreshToken: refreshToken, now: now)
    }

    /// `{"access_token","token_type","expires_in","expires_at","refresh_token","user"}`.
    func sessionJSON(user: AuthUser, session: AuthSession, refreshToken: String, now: Timestamp) -> JSONValue {
        let access = tokens.issue(user: user, session: session, now: now)
        return [
            "access_token": .string(access.token), "token_type": "bearer", "expires_in": .int(tokens.lifetimeSeconds),
            "expires_at": .int(access.expiresAt), "refresh_token": .string(refreshToken), "user": user.json,
        ]
    }

    /// The rules for a new password: present, at most 72 bytes, at least the configured length.
    func checkNewPassword(_ password: String) throws(GoTrueError) {
        guard password.utf8.count <= AuthRequestBody.maxPasswordBytes else {
            throw GoTrueError(.unprocessableContent, "validation_failed", "Password cannot be longer than 72 characters")
        }
        guard password.unicodeScalars.count >= settings.passwordMinLength else {
            throw GoTrueError.weakPassword(minimum: settings.passwordMinLength)
        }
    }

    /// Whether `token` is the anon or service-role key, never a user's token.
    func isConfiguredKey(_ token: String) -> Bool {
        [settings.anonKey, settings.serviceRoleKey].contains { key in key.map { ConstantTime.equal($0, token) } ?? false }
    }

    /// The signed-in caller of `GET/PUT /user` and `/logout`, with GoTrue's errors
    /// (research doc §3.3): no bearer 401 `no_authorization`; a bad, expired or foreign
    /// token 403 `bad_jwt`; an ended session 403 `session_not_found`; a deleted user 403
    /// `user_not_found`.
    func caller(of request: Request) async throws -> (user: AuthUser, session: AuthSession?) {
        guard let token = BearerToken.from(request), !isConfiguredKey(token) else { throw GoTrueError.noAuthorization }
        let claims: AccessTokenClaims
        do {
            claims = try tokens.verify(token, now: clock.now)
        } catch {
            throw GoTrueError.badJWT(error.message)
        }
        guard !claims.subject.isEmpty else { throw GoTrueError.badJWT("the token names no user") }
        let (users, sessions) = (users, sessions)
        let found: (AuthUser?, AuthSession?, Bool) = try await database.read { executor in
            guard let user = try await users.user(id: claims.subject, in: executor) else { return (nil, nil, false) }
            guard let sessionID = claims.sessionID else { return (user, nil, true) }
            let session = try await sessions.session(sessionID, userID: claims.subject, in: executor)
            return (user, session, session != nil)
        }
        guard let user = found.0 else { throw GoTrueError.userNotFoundFromToken }
        guard found.2 else { throw GoTrueError.sessionNotFound }
        return (user, found.1)
    }
}

/// `Authorization: Bearer <token>`, the scheme in any case (GoTrue `(?i)^bearer (\S+$)`).
enum BearerToken {
    static func from(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        return parse(header)
    }

    static func parse(_ header: String) -> String? {
        guard header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        let token = header.dropFirst(7)
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace }) else { return nil }
        return String(token)
    }
}
