import Foundation
import HearthCore
import HearthServer

/// Parses `HEARTH_KNOT_*` into ``KnotSettings``, naming the variable in every error.
struct KnotSettingsReader {
    let environment: [String: String]

    static let prefix = "HEARTH_KNOT_"

    func value(_ name: String) -> String? {
        environment[Self.prefix + name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    func list(_ name: String) -> [String]? {
        value(name).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func int(_ name: String, in range: ClosedRange<Int64>) throws(ConfigurationError) -> Int64? {
        guard let text = value(name) else { return nil }
        guard let number = Int64(text), range.contains(number) else {
            throw ConfigurationError(setting: Self.prefix + name, message: "expected a whole number in \(range.lowerBound)…\(range.upperBound), got '\(text)'")
        }
        return number
    }

    func bool(_ name: String) throws(ConfigurationError) -> Bool? {
        guard let text = value(name)?.lowercased() else { return nil }
        switch text {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw ConfigurationError(setting: Self.prefix + name, message: "expected true or false, got '\(text)'")
        }
    }

    func key(_ name: String) throws(ConfigurationError) -> String? {
        guard let key = value(name) else { return nil }
        guard key.count >= 32 else {
            throw ConfigurationError(setting: Self.prefix + name, message: "use at least 32 random characters")
        }
        return key
    }

    func read() throws(ConfigurationError) -> KnotSettings {
        var settings = KnotSettings()
        if let url = value("AUTH_SITE_URL") { settings.siteURL = try PublicURL.validated(url) }
        if let secret = value("AUTH_JWT_SECRET") {
            guard secret.utf8.count >= 32 else {
                throw ConfigurationError(setting: Self.prefix + "AUTH_JWT_SECRET", message: "use at least 32 characters")
            }
            settings.jwtSecret = Array(secret.utf8)
        }
        settings.jwtLifetimeSeconds = try int("AUTH_JWT_EXP", in: 60...86_400) ?? settings.jwtLifetimeSeconds
        settings.anonKey = try key("AUTH_ANON_KEY")
        settings.serviceRoleKey = try key("AUTH_SERVICE_ROLE_KEY")
        settings.mailerAutoconfirm = try bool("AUTH_MAILER_AUTOCONFIRM") ?? settings.mailerAutoconfirm
        settings.passwordMinLength = Int(try int("AUTH_PASSWORD_MIN_LENGTH", in: 6...72) ?? Int64(settings.passwordMinLength))
        settings.otpLength = Int(try int("AUTH_OTP_LENGTH", in: 6...10) ?? Int64(settings.otpLength))
        settings.otpLifetimeSeconds = try int("AUTH_OTP_EXP", in: 60...86_400) ?? settings.otpLifetimeSeconds
        settings.emailRateLimitSeconds = try int("AUTH_EMAIL_RATE_LIMIT_SECONDS", in: 0...3600) ?? settings.emailRateLimitSeconds
        settings.refreshReuseIntervalSeconds = try int("AUTH_REFRESH_REUSE_INTERVAL", in: 0...60) ?? settings.refreshReuseIntervalSeconds
        settings.redirectAllowList = list("AUTH_REDIRECT_ALLOW_LIST") ?? settings.redirectAllowList
        settings.mailOutboxDirectory = value("MAIL_OUTBOX_DIR")
        if let host = value("SMTP_HOST") {
            guard let from = value("SMTP_FROM") else {
                throw ConfigurationError(setting: Self.prefix + "SMTP_FROM", message: "set the sender address with SMTP_HOST")
            }
            settings.smtp = .init(
                host: host, port: Int(try int("SMTP_PORT", in: 1...65535) ?? 587), user: value("SMTP_USER"),
                password: value("SMTP_PASSWORD"), from: from)
        }
        settings.appleClientIDs = list("APPLE_CLIENT_IDS") ?? settings.appleClientIDs
        settings.appleKeySetURL = value("APPLE_JWKS_URL") ?? settings.appleKeySetURL
        settings.appleIssuer = value("APPLE_ISSUER") ?? settings.appleIssuer
        settings.googleClientIDs = list("GOOGLE_CLIENT_IDS") ?? settings.googleClientIDs
        settings.googleKeySetURL = value("GOOGLE_JWKS_URL") ?? settings.googleKeySetURL
        if let provider = value("EMBEDDING_PROVIDER") {
            guard ["local", "openai"].contains(provider) else {
                throw ConfigurationError(setting: Self.prefix + "EMBEDDING_PROVIDER", message: "expected local or openai, got '\(provider)'")
            }
            settings.embeddingProvider = provider
        }
        settings.embeddingBaseURL = value("EMBEDDING_BASE_URL")
        settings.embeddingModel = value("EMBEDDING_MODEL")
        settings.embeddingAPIKey = value("EMBEDDING_API_KEY")
        if settings.embeddingProvider == "openai", settings.embeddingBaseURL == nil || settings.embeddingModel == nil {
            throw ConfigurationError(
                setting: Self.prefix + "EMBEDDING_PROVIDER", message: "openai needs HEARTH_KNOT_EMBEDDING_BASE_URL and HEARTH_KNOT_EMBEDDING_MODEL")
        }
        settings.appDomain = value("APP_DOMAIN") ?? settings.appDomain
        settings.appleAppID = value("APPLE_APP_ID") ?? settings.appleAppID
        settings.integrations = try readIntegrations()
        settings.notifications = try readNotifications()
        return settings
    }
}
