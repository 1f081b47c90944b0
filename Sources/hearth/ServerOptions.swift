import ArgumentParser
import HearthServer

/// Options shared by every command that opens the database.
struct StorageOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the SQLite database lives. [env: HEARTH_DATA_DIR] (default: ./hearth-data)", valueName: "path"))
    var dataDirectory: String?

    @Option(help: ArgumentHelp("Use PostgreSQL instead of SQLite, e.g. postgres://user:pass@host:5432/hearth. [env: HEARTH_DATABASE_URL]", valueName: "url"))
    var databaseURL: String?

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical. [env: HEARTH_LOG_LEVEL] (default: info)", valueName: "level"))
    var logLevel: String?

    func apply(to overrides: inout ServerConfiguration.Overrides) {
        overrides.dataDirectory = dataDirectory
        overrides.databaseURL = databaseURL
        overrides.logLevel = logLevel
    }
}

/// Options of `hearth serve`.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Address to listen on. [env: HEARTH_HOST] (default: 127.0.0.1)", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one. [env: HEARTH_PORT] (default: 8080)", valueName: "port"))
    var port: Int?

    @Option(help: ArgumentHelp("Port of the gRPC listener, started when an enabled app serves gRPC (Rush Day); 0 picks a free one. [env: HEARTH_GRPC_PORT] (default: 50051)", valueName: "port"))
    var grpcPort: Int?

    @Option(help: ArgumentHelp("Serve only this app, at the root path, as a drop-in for its original backend. [env: HEARTH_APP]", valueName: "name"))
    var app: String?

    @Option(help: ArgumentHelp("Comma-separated origins allowed by CORS, or *. [env: HEARTH_CORS_ORIGINS] (default: none)", valueName: "origins"))
    var corsOrigins: String?

    @Option(help: ArgumentHelp("Comma-separated hosts that link previews may fetch although they are private or loopback addresses (a LAN shop, a test page). [env: HEARTH_OUTBOUND_ALLOW_HOSTS] (default: none)", valueName: "hosts"))
    var outboundAllowHosts: String?

    @Option(help: ArgumentHelp("Largest accepted request body. [env: HEARTH_MAX_BODY_BYTES] (default: 10485760)", valueName: "bytes"))
    var maxBodyBytes: Int?

    @Option(help: ArgumentHelp("Background jobs (item resolution, reminders) this process runs at once, 0…64; 0 runs none (a web-only process beside job-running ones). [env: HEARTH_JOB_WORKERS] (default: 4)", valueName: "n"))
    var jobWorkers: Int?

    @Option(help: ArgumentHelp("Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed. [env: HEARTH_TRUSTED_PROXIES] (default: loopback)", valueName: "ranges"))
    var trustedProxies: String?

    @Option(help: ArgumentHelp("Auth requests per minute from one client address. [env: HEARTH_AUTH_LIMIT_PER_ADDRESS] (default: 30)", valueName: "n"))
    var authLimitPerAddress: Int?

    @Option(help: ArgumentHelp("Auth requests per minute for one account. [env: HEARTH_AUTH_LIMIT_PER_ACCOUNT] (default: 10)", valueName: "n"))
    var authLimitPerAccount: Int?

    @Option(help: ArgumentHelp("Access token lifetime. [env: HEARTH_ACCESS_TOKEN_SECONDS] (default: 900)", valueName: "seconds"))
    var accessTokenSeconds: Int?

    @Option(help: ArgumentHelp("Refresh token lifetime. [env: HEARTH_REFRESH_TOKEN_SECONDS] (default: 2592000)", valueName: "seconds"))
    var refreshTokenSeconds: Int?

    @Option(help: ArgumentHelp("How long a just-rotated refresh token still works, 0…30. [env: HEARTH_REFRESH_GRACE_SECONDS] (default: 30)", valueName: "seconds"))
    var refreshGraceSeconds: Int?

    @Option(help: ArgumentHelp("bcrypt cost for new password hashes, 10…16. [env: HEARTH_BCRYPT_COST] (default: 12)", valueName: "n"))
    var bcryptCost: Int?

    @Option(help: ArgumentHelp("Sign tokens with the secret in this file (64+ hex digits) instead of the database's own; or set HEARTH_SIGNING_SECRET. [env: HEARTH_SIGNING_SECRET_FILE]", valueName: "path"))
    var signingSecretFile: String?

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "Serve HTTPS with this PEM certificate chain (HTTP/2 where the client offers it); reloaded on SIGHUP. Needs --tls-key. [env: HEARTH_TLS_CERT]",
        valueName: "path"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert. [env: HEARTH_TLS_KEY]", valueName: "path"))
    var tlsKey: String?

    func apply(to overrides: inout ServerConfiguration.Overrides) {
        overrides.host = host
        overrides.port = port
        overrides.rootApp = app
        overrides.corsOrigins = corsOrigins
        overrides.outboundAllowHosts = outboundAllowHosts
        overrides.maxBodyBytes = maxBodyBytes
        overrides.jobWorkers = jobWorkers
        overrides.trustedProxies = trustedProxies
        overrides.authRequestsPerMinutePerAddress = authLimitPerAddress
        overrides.authRequestsPerMinutePerAccount = authLimitPerAccount
        overrides.accessTokenSeconds = accessTokenSeconds
        overrides.refreshTokenSeconds = refreshTokenSeconds
        overrides.refreshReuseGraceSeconds = refreshGraceSeconds
        overrides.bcryptCost = bcryptCost
        overrides.signingSecretFile = signingSecretFile
        overrides.tlsCertificate = tlsCertificate
        overrides.tlsKey = tlsKey
    }
}
