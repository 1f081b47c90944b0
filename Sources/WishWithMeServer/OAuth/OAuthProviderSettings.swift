import HearthServer

/// One OAuth provider's endpoints and credentials (spec §3.1), all configurable so a
/// deployment (or a test) can point them anywhere.
public struct OAuthProviderSettings: Sendable, Hashable {
    public enum Provider: String, Sendable, CaseIterable {
        case google, yandex
    }

    public var provider: Provider
    public var clientID: String
    public var clientSecret: String
    public var authorizeURL: String
    public var tokenURL: String
    public var userInfoURL: String
    public var scopes: String
    /// Whether the provider's email may be trusted as verified for linking to an existing
    /// account (Google says so per user with `email_verified`, and only then is it
    /// trusted; Yandex only if configured).
    public var trustsEmails: Bool

    /// Google is an OpenID Connect provider: its authorize URL carries a `nonce`.
    var usesOpenIDConnect: Bool { provider == .google }

    public init(
        provider: Provider, clientID: String, clientSecret: String, authorizeURL: String, tokenURL: String, userInfoURL: String,
        scopes: String, trustsEmails: Bool = false
    ) {
        self.provider = provider
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.authorizeURL = authorizeURL
        self.tokenURL = tokenURL
        self.userInfoURL = userInfoURL
        self.scopes = scopes
        self.trustsEmails = trustsEmails
    }

    public static func google(clientID: String, clientSecret: String) -> OAuthProviderSettings {
        OAuthProviderSettings(
            provider: .google, clientID: clientID, clientSecret: clientSecret,
            authorizeURL: "https://accounts.google.com/o/oauth2/v2/auth", tokenURL: "https://oauth2.googleapis.com/token",
            userInfoURL: "https://openidconnect.googleapis.com/v1/userinfo", scopes: "openid email profile", trustsEmails: true)
    }

    public static func yandex(clientID: String, clientSecret: String) -> OAuthProviderSettings {
        OAuthProviderSettings(
            provider: .yandex, clientID: clientID, clientSecret: clientSecret, authorizeURL: "https://oauth.yandex.ru/authorize",
            tokenURL: "https://oauth.yandex.ru/token", userInfoURL: "https://login.yandex.ru/info",
            scopes: "login:email login:info login:avatar")
    }

    /// `HEARTH_WWM_GOOGLE_CLIENT_ID` / `_CLIENT_SECRET` (and `_AUTHORIZE_URL`, `_TOKEN_URL`,
    /// `_USERINFO_URL` to override endpoints); the same with `YANDEX`, plus
    /// `HEARTH_WWM_YANDEX_TRUSTS_EMAILS=1`.
    static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> [OAuthProviderSettings] {
        var providers: [OAuthProviderSettings] = []
        for provider in Provider.allCases {
            let prefix = "HEARTH_WWM_\(provider.rawValue.uppercased())_"
            func value(_ name: String) -> String? { environment[prefix + name].flatMap { $0.isEmpty ? nil : $0 } }
            let id = value("CLIENT_ID")
            let secret = value("CLIENT_SECRET")
            guard let id, let secret else {
                if id != nil || secret != nil {
                    throw ConfigurationError(setting: prefix + "CLIENT_ID", message: "set both the client id and the client secret")
                }
                continue
            }
            var settings = provider == .google ? google(clientID: id, clientSecret: secret) : yandex(clientID: id, clientSecret: secret)
            settings.authorizeURL = value("AUTHORIZE_URL") ?? settings.authorizeURL
            settings.tokenURL = value("TOKEN_URL") ?? settings.tokenURL
            settings.userInfoURL = value("USERINFO_URL") ?? settings.userInfoURL
            settings.trustsEmails = provider == .google || value("TRUSTS_EMAILS") == "1"
            providers.append(settings)
        }
        return providers
    }
}
