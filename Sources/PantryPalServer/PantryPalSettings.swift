import HearthServer

/// PantryPal's own settings, beside the platform's ``ServerConfiguration``. Read from
/// `HEARTH_PP_*` environment variables by ``fromEnvironment(_:)``; tests build them directly.
public struct PantryPalSettings: Sendable {
    /// Enables `/api/admin` (premium grants) with this key in `x-admin-key`; at least 32
    /// characters. `nil` leaves the admin routes unmounted.
    public var adminKey: String?
    /// Enables `/api/test` (the original app's UI-test helpers: reset, seed, premium) with
    /// this key in `x-test-admin-key`; at least 32 characters. Never on real data.
    public var testKey: String?
    /// Open Food Facts (or a compatible mirror) for unknown UPCs; `nil` disables lookups
    /// beyond the local catalogue.
    public var productProviderURL: String? = "https://world.openfoodfacts.org"
    /// The Services/App IDs whose Sign in with Apple tokens are accepted; empty answers
    /// `POST /api/auth/apple` with "not configured".
    public var appleClientIDs: [String] = []
    public var appleKeySetURL = "https://appleid.apple.com/auth/keys"
    /// Rate limits (W20): requests per user per 15 minutes, per address for requests
    /// without a valid token, UPC lookups per user per minute, failed logins per e-mail
    /// per 15 minutes, invite previews and failed joins per user per minute.
    public var requestsPerUser = 600
    public var requestsPerAddress = 100
    public var upcLookupsPerMinute = 30
    public var failedLoginsPerEmail = 10
    public var inviteAttemptsPerMinute = 10

    public init() {}

    public static let minimumAdminKeyLength = 32

    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> PantryPalSettings {
        var settings = PantryPalSettings()
        func value(_ name: String) -> String? { environment["HEARTH_PP_" + name].flatMap { $0.isEmpty ? nil : $0 } }
        if let key = value("ADMIN_KEY") {
            guard key.count >= minimumAdminKeyLength, !["your-secret-key", "change-me"].contains(key) else {
                throw ConfigurationError(setting: "HEARTH_PP_ADMIN_KEY", message: "use at least \(minimumAdminKeyLength) random characters")
            }
            settings.adminKey = key
        }
        if let key = value("TEST_KEY") {
            guard key.count >= minimumAdminKeyLength, !["test-admin-secret-change-me", "change-me"].contains(key) else {
                throw ConfigurationError(setting: "HEARTH_PP_TEST_KEY", message: "use at least \(minimumAdminKeyLength) random characters")
            }
            settings.testKey = key
        }
        if let url = value("UPC_PROVIDER_URL") { settings.productProviderURL = url == "off" ? nil : url }
        if let ids = value("APPLE_CLIENT_IDS") {
            settings.appleClientIDs = ids.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
        }
        if let url = value("APPLE_KEYS_URL") { settings.appleKeySetURL = url }
        for (name, keyPath) in [
            ("REQUESTS_PER_USER", \PantryPalSettings.requestsPerUser), ("REQUESTS_PER_ADDRESS", \.requestsPerAddress),
            ("UPC_LOOKUPS_PER_MINUTE", \.upcLookupsPerMinute), ("FAILED_LOGINS_PER_EMAIL", \.failedLoginsPerEmail),
            ("INVITE_ATTEMPTS_PER_MINUTE", \.inviteAttemptsPerMinute),
        ] {
            guard let text = value(name) else { continue }
            guard let number = Int(text), number > 0 else {
                throw ConfigurationError(setting: "HEARTH_PP_\(name)", message: "expected a positive whole number, got '\(text)'")
            }
            settings[keyPath: keyPath] = number
        }
        return settings
    }
}
