import AsyncHTTPClient
import HearthServer
import Logging

/// The OAuth flows of spec §3: starting one (state, PKCE, authorize URL) and finishing
/// it at the callback (state check, code exchange, user info, sign-in or link).
struct OAuthService: Sendable {
    let providers: OAuthProviders
    let frontendCallbackURL: String
    let allowedCallbackURLs: [String]
    let states: OAuthStateStore
    let client: OAuthClient
    let avatars: ProviderAvatar
    let signIn: OAuthSignIn
    let accessTokens: AccessTokens
    let refreshTokens: RefreshTokens
    let appName: String
    let logger: Logger

    init(services: AppServices, accounts: AccountStore, rules: WishWithMeRules, settings: WishWithMeSettings, http: HTTPClient) {
        providers = OAuthProviders(configured: settings.oauthProviders)
        frontendCallbackURL = settings.frontendCallbackURL
        allowedCallbackURLs = settings.allowedCallbackURLs
        states = OAuthStateStore(database: services.database, clock: services.clock)
        client = OAuthClient(http: http, logger: services.logger)
        avatars = ProviderAvatar(http: http, logger: services.logger)
        signIn = OAuthSignIn(documents: services.documents, rules: rules, accounts: accounts)
        accessTokens = services.accessTokens
        refreshTokens = services.refreshTokens
        appName = services.appName
        logger = services.logger
    }

    struct Start: Sendable {
        let authorizationURL: String
        let state: String
    }

    /// Where a flow may end: the requested URL when it is on the allow-list exactly
    /// (spec §3.3 hardened), else 400; the web callback when none was requested.
    func callbackURL(requested: String?) throws -> String {
        guard let requested, !requested.isEmpty else { return frontendCallbackURL }
        guard allowedCallbackURLs.contains(requested) else { throw APIError.badRequest("callback_url is not an allowed callback URL") }
        return requested
    }

    func start(
        _ settings: OAuthProviderSettings, action: OAuthState.Action, userID: String?, callbackURL: String, redirectURI: String
    ) async throws -> Start {
        let state = try await states.begin(provider: settings.provider, action: action, userID: userID, callbackURL: callbackURL)
        return Start(authorizationURL: client.authorizationURL(for: state, settings: settings, redirectURI: redirectURI), state: state.id)
    }

    /// What the provider's redirect brought back.
    struct Callback: Sendable {
        var code: String?
        var state: String?
        var error: String?
        var errorDescription: String?
    }

    /// Where the callback sends the browser, and for a web-page sign-in the user to open
    /// a browser session for.
    struct Finish: Sendable {
        let location: String
        let webUserID: String?
    }

    /// Never throws, because whatever happens the browser must land on a page of the
    /// client. `browserState` is the state the starting browser kept in its cookie: a
    /// web-page sign-in completes only in that browser (no login CSRF).
    func finish(_ provider: OAuthProviderSettings.Provider, _ callback: Callback, redirectURI: String, browserState: String? = nil)
        async -> Finish
    {
        var callbackURL = frontendCallbackURL
        do {
            let state = try await states.consume(callback.state ?? "")
            if let state { callbackURL = state.callbackURL }
            if let state, state.action == .webLogin, browserState != state.id {
                return Finish(location: CallbackOutcome.authFailed("Start signing in again in this browser").location(callbackURL: callbackURL), webUserID: nil)
            }
            let outcome = try await outcome(provider, callback, state: state, redirectURI: redirectURI)
            if case .webSignedIn(let userID) = outcome { return Finish(location: callbackURL, webUserID: userID) }
            return Finish(location: outcome.location(callbackURL: callbackURL), webUserID: nil)
        } catch {
            logger.error("OAuth callback failed", metadata: ["provider": "\(provider.rawValue)", "error": "\(error)"])
            return Finish(location: CallbackOutcome.serverError.location(callbackURL: callbackURL), webUserID: nil)
        }
    }

    private func outcome(
        _ provider: OAuthProviderSettings.Provider, _ callback: Callback, state: OAuthState?, redirectURI: String
    ) async throws -> CallbackOutcome {
        if let error = nonEmpty(callback.error) { return .providerError(nonEmpty(callback.errorDescription) ?? error) }
        guard let state, state.provider == provider else { return .authFailed("Invalid or expired OAuth state") }
        guard let code = nonEmpty(callback.code) else { return .authFailed("Missing authorization code") }
        guard let settings = try? providers.settings(for: provider) else { return .authFailed("OAuth provider is not configured") }
        let identity: ProviderIdentity
        do {
            let token = try await client.exchange(code: code, verifier: state.codeVerifier, redirectURI: redirectURI, settings: settings)
            identity = try await client.identity(accessToken: token, settings: settings)
        } catch {
            return .authFailed(error.publicMessage)
        }
        switch state.action {
        case .link:
            guard let userID = state.userID else { return .authFailed("Invalid or expired OAuth state") }
            return try await link(identity, to: userID)
        case .login:
            return try await logIn(identity, web: false)
        case .webLogin:
            return try await logIn(identity, web: true)
        }
    }

    private func link(_ identity: ProviderIdentity, to userID: String) async throws -> CallbackOutcome {
        let provider = identity.provider.rawValue
        switch try await signIn.link(identity, to: userID) {
        case .linked: return .linked(provider: provider)
        case .alreadyLinked: return .alreadyLinked(provider: provider)
        case .linkedToAnotherUser: return .authFailed("This account is already linked to another user")
        case .userMissing: return .authFailed("User account not found")
        }
    }

    private func logIn(_ identity: ProviderIdentity, web: Bool) async throws -> CallbackOutcome {
        var avatar: String?
        if let url = identity.avatarURL, try await signIn.mayUseAvatar(of: identity) {
            avatar = await avatars.download(url)
        }
        switch try await signIn.logIn(identity, avatar: avatar) {
        case .signedIn(let userID, _) where web:
            return .webSignedIn(userID: userID)
        case .signedIn(let userID, let isNewUser):
            let access = try await accessTokens.issue(userID: userID, audience: appName)
            let refresh = try await refreshTokens.issue(userID: userID, app: appName)
            return .signedIn(accessToken: access, refreshToken: refresh, expiresIn: accessTokens.lifetimeSeconds, isNewUser: isNewUser)
        case .emailExists(let email):
            return .emailExists(email: email, provider: identity.provider.rawValue)
        case .userMissing:
            return .authFailed("User account not found")
        }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
