import Foundation
import Logging

/// Everything `hearth serve` needs, after flags, `HEARTH_*` variables and defaults were
/// merged (in that order of precedence) by ``ServerConfiguration/resolve(_:environment:)``.
public struct ServerConfiguration: Sendable, Hashable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDirectory = "./hearth-data"
    /// `postgres://…` switches to PostgreSQL; `nil` means the SQLite file in the data dir.
    public var databaseURL: String?
    /// Serve only this app, at the root path.
    public var rootApp: String?
    public var logLevel = Logger.Level.info
    /// Origins allowed by CORS; empty sends no CORS headers.
    public var corsOrigins: [String] = []
    /// Host names or IP literals that fetches of user-supplied URLs (link previews) may
    /// reach although they resolve to private or loopback addresses: a page served on
    /// the LAN or, in tests, on loopback. Empty by default: every such address is refused.
    public var outboundAllowHosts: [String] = []
    public var maxBodyBytes = 10 * 1024 * 1024
    /// Background jobs (item resolution, notifications) this process runs at once; 0: none.
    public var jobWorkers = 4
    /// Peers whose `X-Forwarded-For` is believed (CIDR ranges).
    public var trustedProxies = ["127.0.0.0/8", "::1/128"]
    /// Auth requests allowed per client address per minute.
    public var authRequestsPerMinutePerAddress = 30
    /// Auth requests allowed per account (email, username) per minute.
    public var authRequestsPerMinutePerAccount = 10
    public var accessTokenSeconds = 15 * 60
    public var refreshTokenSeconds = 30 * 86_400
    /// How long the most recently rotated refresh token may be presented again.
    public var refreshReuseGraceSeconds = 30
    public var bcryptCost = 12
    /// A signing secret the operator keeps elsewhere; `nil` means the database's own.
    public var signingSecret: SigningSecret.Explicit?
    /// PEM certificate chain and private key: serve HTTPS (HTTP/2 where the client offers
    /// it) instead of plain HTTP. Reloaded on SIGHUP.
    public var tls: TLSFiles?
    /// Where people reach this server from outside (`https://hearth.example.com`, maybe
    /// with a path prefix a proxy adds), for links handed out of band such as password
    /// reset links; `nil` means ``publicOrigin``'s local guess.
    public var publicURL: String?

    public init() {}

    /// Values given on the command line; `nil` means "not given".
    public struct Overrides: Sendable, Hashable {
        public var host: String?
        public var port: Int?
        public var dataDirectory: String?
        public var databaseURL: String?
        public var rootApp: String?
        public var logLevel: String?
        public var corsOrigins: String?
        public var outboundAllowHosts: String?
        public var maxBodyBytes: Int?
        public var jobWorkers: Int?
        public var trustedProxies: String?
        public var authRequestsPerMinutePerAddress: Int?
        public var authRequestsPerMinutePerAccount: Int?
        public var accessTokenSeconds: Int?
        public var refreshTokenSeconds: Int?
        public var refreshReuseGraceSeconds: Int?
        public var bcryptCost: Int?
        public var signingSecretFile: String?
        public var tlsCertificate: String?
        public var tlsKey: String?
        public var publicURL: String?

        public init() {}
    }

    /// Flags win over `HEARTH_*` variables, which win over defaults. Throws a
    /// ``ConfigurationError`` naming the setting for any value that does not parse or is out
    /// of range.
    public static func resolve(
        _ flags: Overrides, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigurationError) -> ServerConfiguration {
        let settings = SettingSource(flags: flags, environment: environment)
        var configuration = ServerConfiguration()
        configuration.host = settings.string(\.host, "HEARTH_HOST") ?? configuration.host
        configuration.port = try settings.int(\.port, "HEARTH_PORT", in: 0...65535) ?? configuration.port
        configuration.dataDirectory = settings.string(\.dataDirectory, "HEARTH_DATA_DIR") ?? configuration.dataDirectory
        configuration.databaseURL = settings.string(\.databaseURL, "HEARTH_DATABASE_URL")
        configuration.rootApp = settings.string(\.rootApp, "HEARTH_APP")
        if let level = settings.string(\.logLevel, "HEARTH_LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigurationError(setting: "log level", message: "'\(level)' is not one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = parsed
        }
        if let origins = settings.string(\.corsOrigins, "HEARTH_CORS_ORIGINS") {
            configuration.corsOrigins = SettingSource.list(origins)
        }
        configuration.maxBodyBytes = try settings.int(\.maxBodyBytes, "HEARTH_MAX_BODY_BYTES", in: 1024...(1 << 30)) ?? configuration.maxBodyBytes
        configuration.jobWorkers = try settings.int(\.jobWorkers, "HEARTH_JOB_WORKERS", in: 0...64) ?? configuration.jobWorkers
        if let proxies = settings.string(\.trustedProxies, "HEARTH_TRUSTED_PROXIES") {
            configuration.trustedProxies = SettingSource.list(proxies)
            for range in configuration.trustedProxies where IPRange(range) == nil {
                throw ConfigurationError(setting: "trusted proxies", message: "'\(range)' is not an IP address or CIDR range")
            }
        }
        configuration.authRequestsPerMinutePerAddress = try settings.int(\.authRequestsPerMinutePerAddress, "HEARTH_AUTH_LIMIT_PER_ADDRESS", in: 1...100_000) ?? configuration.authRequestsPerMinutePerAddress
        configuration.authRequestsPerMinutePerAccount = try settings.int(\.authRequestsPerMinutePerAccount, "HEARTH_AUTH_LIMIT_PER_ACCOUNT", in: 1...100_000) ?? configuration.authRequestsPerMinutePerAccount
        configuration.accessTokenSeconds = try settings.int(\.accessTokenSeconds, "HEARTH_ACCESS_TOKEN_SECONDS", in: 30...86_400) ?? configuration.accessTokenSeconds
        configuration.refreshTokenSeconds = try settings.int(\.refreshTokenSeconds, "HEARTH_REFRESH_TOKEN_SECONDS", in: 60...(365 * 86_400)) ?? configuration.refreshTokenSeconds
        configuration.refreshReuseGraceSeconds = try settings.int(\.refreshReuseGraceSeconds, "HEARTH_REFRESH_GRACE_SECONDS", in: 0...30) ?? configuration.refreshReuseGraceSeconds
        configuration.bcryptCost = try settings.int(\.bcryptCost, "HEARTH_BCRYPT_COST", in: 10...16) ?? configuration.bcryptCost
        // The secret itself only from the environment: a flag would show in `ps`.
        let secretFile = settings.string(\.signingSecretFile, "HEARTH_SIGNING_SECRET_FILE")
        let secretText = environment["HEARTH_SIGNING_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        if secretFile != nil && secretText != nil {
            throw ConfigurationError(setting: "signing secret", message: "set HEARTH_SIGNING_SECRET or a signing secret file, not both")
        }
        configuration.signingSecret = secretFile.map { .file($0) } ?? secretText.map { .hex($0) }
        let certificate = settings.string(\.tlsCertificate, "HEARTH_TLS_CERT")
        let key = settings.string(\.tlsKey, "HEARTH_TLS_KEY")
        switch (certificate, key) {
        case (nil, nil): break
        case (let certificate?, let key?): configuration.tls = TLSFiles(certificate: certificate, key: key)
        default: throw ConfigurationError(setting: "TLS", message: "give both --tls-cert and --tls-key (PEM files), or neither")
        }
        if let hosts = settings.string(\.outboundAllowHosts, "HEARTH_OUTBOUND_ALLOW_HOSTS") {
            configuration.outboundAllowHosts = SettingSource.list(hosts)
        }
        if let url = settings.string(\.publicURL, "HEARTH_PUBLIC_URL") {
            configuration.publicURL = try PublicURL.validated(url)
        }
        return configuration
    }
}

/// A setting that could not be used, phrased for the person who set it.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let setting: String
    public let message: String

    public init(setting: String, message: String) {
        self.setting = setting
        self.message = message
    }

    public var description: String { "invalid \(setting): \(message)" }
}

/// Reads one setting from the flags, then from the environment.
struct SettingSource {
    let flags: ServerConfiguration.Overrides
    let environment: [String: String]

    func string(_ flag: KeyPath<ServerConfiguration.Overrides, String?>, _ variable: String) -> String? {
        if let value = flags[keyPath: flag] { return value }
        if let value = environment[variable], !value.isEmpty { return value }
        return nil
    }

    func int(
        _ flag: KeyPath<ServerConfiguration.Overrides, Int?>, _ variable: String, in range: ClosedRange<Int>
    ) throws(ConfigurationError) -> Int? {
        let name = variable.dropFirst("HEARTH_".count).lowercased().replacingOccurrences(of: "_", with: "-")
        let value: Int
        if let flagged = flags[keyPath: flag] {
            value = flagged
        } else if let text = environment[variable], !text.isEmpty {
            guard let parsed = Int(text) else {
                throw ConfigurationError(setting: name, message: "\(variable)='\(text)' is not a whole number")
            }
            value = parsed
        } else {
            return nil
        }
        guard range.contains(value) else {
            throw ConfigurationError(setting: name, message: "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
