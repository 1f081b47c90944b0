import HearthServer

/// Knot's own settings (spec §4, §11, §12), beside the platform's ``ServerConfiguration``.
/// Read from `HEARTH_KNOT_*` variables by ``fromEnvironment(_:)``; tests build them directly.
/// The platform's own settings (port, database, data directory) stay the platform's.
public struct KnotSettings: Sendable {
    /// Where people reach the auth server (`https://knot.example.com`): the JWT `iss` is
    /// this plus `/auth/v1`, and mail links start here. `nil`: the request's origin.
    public var siteURL: String?
    /// HS256 secret of access tokens; `nil` derives one from Hearth's signing secret.
    public var jwtSecret: [UInt8]?
    public var jwtLifetimeSeconds: Int64 = 3600
    /// When set, `/auth/v1` and `/rest/v1` require `apikey` to be this or the service key.
    public var anonKey: String?
    /// Unlocks `/auth/v1/admin/*`; `nil` disables the admin routes.
    public var serviceRoleKey: String?
    /// Sign-ups are confirmed at once (no mail needed before signing in).
    public var mailerAutoconfirm = true
    public var passwordMinLength = 6
    public var otpLength = 6
    public var otpLifetimeSeconds: Int64 = 3600
    /// One mail per address per this many seconds (`/otp`, `/signup`).
    public var emailRateLimitSeconds: Int64 = 60
    public var refreshReuseIntervalSeconds: Int64 = 10
    /// `redirect_to` values mail links may lead to (globs: `*` matches any run of characters).
    public var redirectAllowList = ["com.ronniejay.knot://login-callback", "com.ronniejay.knot://*"]
    /// Directory of the outbox mail sender (one JSON file per message); `nil`: `<data dir>/knot-mail-outbox`.
    public var mailOutboxDirectory: String?
    public var smtp: SMTPSettings?
    public var appleClientIDs = ["com.ronniejay.knot"]
    public var appleKeySetURL = "https://appleid.apple.com/auth/keys"
    public var appleIssuer = "https://appleid.apple.com"
    /// Empty disables Sign in with Google.
    public var googleClientIDs: [String] = []
    public var googleKeySetURL = "https://www.googleapis.com/oauth2/v3/certs"
    /// `local` (hashed bag of words), or `openai` with ``embeddingBaseURL`` and ``embeddingModel``.
    public var embeddingProvider = "local"
    public var embeddingBaseURL: String?
    public var embeddingModel: String?
    public var embeddingAPIKey: String?
    public var appDomain = "api.knot-app.com"
    public var appleAppID = "VN5G3R8J23.com.ronniejay.knot"
    /// The recommendation engine's outside services (spec §10).
    public var integrations = IntegrationSettings()
    /// Push delivery, webhook keys and the scheduler (spec §8.5, §9).
    public var notifications = NotificationSettings()

    public struct SMTPSettings: Sendable, Hashable {
        public var host: String
        public var port: Int
        public var user: String?
        public var password: String?
        public var from: String

        public init(host: String, port: Int, user: String?, password: String?, from: String) {
            self.host = host
            self.port = port
            self.user = user
            self.password = password
            self.from = from
        }
    }

    public init() {}

    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> KnotSettings {
        try KnotSettingsReader(environment: environment).read()
    }
}
