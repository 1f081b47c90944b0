import Crypto
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOPosix
import ServiceLifecycle

/// Assembles the `hearth` server: the mounted apps, the platform middleware and
/// endpoints, the job runner and housekeeping, around one database.
///
/// Middleware order, outermost first: request id + logs + metrics → error format →
/// CORS → body limit → platform fallback (`/health`, `/metrics`) → per-app error format
/// and body limit → routes.
public struct HearthPlatform: Sendable {
    public let configuration: ServerConfiguration
    public let database: any HearthDatabase
    /// The apps being served: all enabled ones under `/<name>`, or only the root app.
    public let apps: [any HearthApp]
    public let clock: any WallClock
    public let logger: Logger
    public let metrics = ServerMetrics()
    public let feedHub: FeedHub
    public let jobSignal = JobSignal()
    public let rateLimits: any RateLimitStore
    /// The certificate and key when serving HTTPS; read at start, again on SIGHUP.
    public let certificates: TLSCertificateStore?
    let secret: [UInt8]
    let threadPool: NIOThreadPool

    /// - Parameter available: every app this build knows; `configuration.rootApp` picks one.
    public init(
        configuration: ServerConfiguration, database: any HearthDatabase, available: [any HearthApp], secret: [UInt8],
        clock: any WallClock = SystemWallClock(), threadPool: NIOThreadPool, logger: Logger
    ) throws(ConfigurationError) {
        guard secret.count >= 32 else {
            throw ConfigurationError(setting: "signing secret", message: "it must be at least 32 bytes long")
        }
        if let root = configuration.rootApp {
            guard let app = available.first(where: { $0.name == root }) else {
                let names = available.map(\.name).sorted()
                throw ConfigurationError(
                    setting: "app", message: "no app named '\(root)'; choose one of: \(names.isEmpty ? "(none in this build)" : names.joined(separator: ", "))")
            }
            apps = [app]
        } else {
            apps = available
        }
        self.configuration = configuration
        self.database = database
        self.secret = secret
        self.clock = clock
        self.threadPool = threadPool
        self.logger = logger
        self.feedHub = FeedHub(metrics: metrics)
        self.rateLimits = Self.rateLimitStore(for: database)
        self.certificates = try configuration.tls.map { files throws(ConfigurationError) in try TLSCertificateStore(files: files) }
    }

    /// Counts in PostgreSQL, which any number of processes may share; in memory on SQLite,
    /// which one process serves.
    public static func rateLimitStore(for database: any HearthDatabase) -> any RateLimitStore {
        (database as? PostgresDatabase).map { PostgresRateLimitStore(database: $0) } ?? InMemoryRateLimitStore()
    }

    public static let platformMigrations =
        DocumentMigrations.all + AuthMigrations.all + JobMigrations.all + RateLimitMigrations.all + AccountMigrations.all
        + AdminMigrations.all + WebSessionMigrations.all

    /// The platform's migrations followed by those of `apps`.
    public static func migrations(of apps: [any HearthApp]) -> [Migration] {
        platformMigrations + apps.flatMap(\.migrations)
    }

    public var migrations: [Migration] { Self.migrations(of: apps) }

    /// Brings the schema up to date; returns what was applied.
    @discardableResult
    public func migrate() async throws -> [Migration] {
        try await MigrationRunner(database: database, clock: clock, logger: logger).run(migrations)
    }

    public var isRootMounted: Bool { configuration.rootApp != nil }

    /// The services of one app.
    public func services(for app: any HearthApp) async -> AppServices {
        let signal = jobSignal
        return AppServices(
            appName: app.name, configuration: configuration, database: database,
            documents: DocumentStore(app: app.name, database: database, clock: clock, observer: feedHub), clock: clock,
            accessTokens: await AccessTokens(secret: secret, lifetimeSeconds: Int64(configuration.accessTokenSeconds), clock: clock),
            refreshTokens: RefreshTokens(
                database: database, clock: clock, lifetimeSeconds: Int64(configuration.refreshTokenSeconds),
                reuseGraceSeconds: Int64(configuration.refreshReuseGraceSeconds)),
            passwords: PasswordHasher(cost: configuration.bcryptCost, threadPool: threadPool),
            rateLimits: rateLimits,
            jobs: JobQueue(app: app.name, clock: clock, wakeUp: { signal.wakeUp() }), feedHub: feedHub,
            logger: logger.withMetadata(["app": .string(app.name)]), metrics: metrics,
            appSigningKey: Self.appSigningKey(secret: secret, app: app.name))
    }

    /// How operators administer `app`'s accounts; `nil` when it has none.
    public func administrator(for app: any HearthApp) async -> AccountAdministrator? {
        let services = await services(for: app)
        return app.administration(services: services).map { AccountAdministrator(app: app, administration: $0, services: services) }
    }

    static func appSigningKey(secret: [UInt8], app: String) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Array("hearth-app:\(app)".utf8), outputByteCount: 32)
        return key.withUnsafeBytes { Array($0) }
    }

    /// The router with every app mounted, plus the services that run beside it.
    public func makeRouter() async -> (router: Router<HearthRequestContext>, services: [any Service]) {
        let router = Router(context: HearthRequestContext.self)
        let addresses = ClientAddressResolver(trustedProxies: configuration.trustedProxies.compactMap(IPRange.init))
        router.add(middleware: RequestObservationMiddleware(metrics: metrics, addresses: addresses))
        router.add(
            middleware: isRootMounted
                ? ErrorResponseMiddleware(format: apps[0].errorFormat, headers: apps[0].responseHeaders)
                : ErrorResponseMiddleware(format: HearthErrorFormat()))
        if !configuration.corsOrigins.isEmpty {
            router.add(middleware: CORSOriginMiddleware(allowedOrigins: configuration.corsOrigins))
        } else {
            for app in apps where !app.defaultCORSOrigins.isEmpty {
                router.add(middleware: CORSOriginMiddleware(allowedOrigins: app.defaultCORSOrigins, pathPrefix: isRootMounted ? nil : "/\(app.name)"))
            }
        }
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxBodyBytes))
        let endpoints = PlatformEndpoints(database: database, metrics: metrics)
        router.add(middleware: PlatformFallbackMiddleware(endpoints: endpoints))
        endpoints.register(on: router)

        var jobDefinitions: [String: JobDefinition] = [:]
        var appServices: [any Service] = []
        var documentStores: [DocumentStore] = []
        let rateLimits = rateLimits
        let resetLinks = PasswordResetTokens(database: database, clock: clock)
        var housekeeping = [
            Housekeeping(name: "full rate-limit buckets") { [clock] in try await rateLimits.forgetFullBuckets(now: clock.now) },
            Housekeeping(name: "expired password reset links") { try await resetLinks.forgetExpired() },
            Housekeeping(name: "expired web sessions") { [database, clock] in
                try await WebSessions.forgetExpired(database: database, clock: clock)
            },
        ]
        let templates = await PageTemplates.bundled()
        for app in apps {
            let services = await services(for: app)
            let routes = isRootMounted ? router.group() : router.group(RouterPath(app.name))
            routes.add(middleware: ErrorResponseMiddleware(format: app.errorFormat, headers: app.responseHeaders))
            if let limit = app.maxBodyBytes { routes.add(middleware: BodyLimitMiddleware(limit: limit)) }
            app.addRoutes(to: routes, services: services)
            app.apiDocument?.register(on: routes, mountPath: isRootMounted ? "" : "/\(app.name)")
            if let administration = app.administration(services: services) {
                PasswordResetPage(
                    administrator: AccountAdministrator(app: app, administration: administration, services: services), templates: templates
                ).register(on: routes)
            }
            let collections = app.collections(services: services)
            if !collections.isEmpty {
                let sync = DeltaSyncService(documents: services.documents, collections: collections)
                DeltaSyncRoutes(service: sync, hub: feedHub)
                    .register(on: routes.group("api/hearth/v1/sync").add(middleware: services.requireAccessToken))
                documentStores.append(services.documents)
            }
            housekeeping += app.housekeeping(services: services)
            appServices += app.backgroundServices(services: services)
            for job in app.jobs(services: services) { jobDefinitions[JobRunner.key(app: app.name, kind: job.kind)] = job }
        }
        if !isRootMounted {
            HomePage(apps: apps, version: HearthVersion.current, templates: templates).register(on: router)
        }
        let runner = JobRunner(
            database: database, definitions: jobDefinitions, clock: clock, metrics: metrics, signal: jobSignal,
            workers: configuration.jobWorkers, logger: logger.withMetadata(["service": "jobs"]))
        let maintenance = MaintenanceService(
            database: database, documentStores: documentStores, appHousekeeping: housekeeping, clock: clock, logger: logger.withMetadata(["service": "maintenance"]))
        // With no workers this process serves requests only; others run the jobs.
        var services: [any Service] = (configuration.jobWorkers > 0 ? [runner] : []) + [maintenance] + appServices
        if let certificates {
            services.append(CertificateReloadService(certificates: certificates, logger: logger.withMetadata(["service": "tls"])))
        }
        if let postgres = database as? PostgresDatabase {
            services.append(FeedBroadcastListener(database: postgres, hub: feedHub, logger: logger.withMetadata(["service": "realtime"])))
        }
        return (router, services)
    }

    /// The whole server, ready for `runService()` (graceful shutdown on SIGINT/SIGTERM).
    /// - Parameter additionalServices: more long-running parts (the gRPC listener) that start
    ///   and stop with the HTTP server.
    public func makeApplication(
        additionalServices: [any Service] = [], onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let (router, routerServices) = await makeRouter()
        let services = routerServices + additionalServices
        // Hummingbird closes only when the request asks; Hearth also when its answer does.
        let server: HTTPServerBuilder
        if let certificates {
            server = try HTTPServerBuilder.http2Upgrade(
                tlsConfiguration: certificates.serverConfiguration(),
                configuration: .init(streamConfiguration: .init(additionalChannelHandlers: [ConnectionCloseHandler()])))
        } else {
            server = .http1(configuration: .init(additionalChannelHandlers: [ConnectionCloseHandler()]))
        }
        return Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Hearth"),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

extension Logger {
    func withMetadata(_ metadata: Logger.Metadata) -> Logger {
        var copy = self
        for (key, value) in metadata { copy[metadataKey: key] = value }
        return copy
    }
}
