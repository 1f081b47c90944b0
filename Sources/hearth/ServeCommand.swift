import ArgumentParser
import Foundation
import HearthCore
import HearthGRPC
import HearthServer
import HearthStore
import Logging
import NIOCore
import NIOPosix

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Hearth server.",
        discussion: """
            Serves every app under /<name> (or one app at / with --app), plus GET /health and \
            GET /metrics (also under /_hearth/), a home page at / that leads to every app, and \
            each app's OpenAPI document at /<name>/openapi.json. Migrates the database first; \
            when ready, prints where everything is. Stops gracefully on Ctrl-C or SIGTERM, \
            finishing requests in flight.

            Settings come from flags, then HEARTH_* environment variables, then defaults. On \
            first start a random signing secret is stored in the database (adopting an older \
            <data-dir>/signing-secret file) and reused afterwards, by every process sharing a \
            PostgreSQL database; HEARTH_SIGNING_SECRET or --signing-secret-file override it. \
            Back the database up; it holds the secret.

            Apps: wishwithme (the Wish With Me API; `--app wishwithme` serves it alone at / as a \
            drop-in replacement for the original backend). Its own settings are HEARTH_WWM_* \
            variables: PUBLIC_URL (share links), API_URL (OAuth redirects), \
            FRONTEND_CALLBACK_URL, CALLBACK_URLS, GOOGLE_/YANDEX_CLIENT_ID and _CLIENT_SECRET \
            (sign-in providers), DEBUG; see docs/WISHWITHME.md.

            pantrypal (the PantryPal API under /api; `--app pantrypal` serves it alone, so the \
            original app's base URL becomes http://<host>:<port>/api). Its settings are \
            HEARTH_PP_* variables: ADMIN_KEY (enables /api/admin, 32+ characters), TEST_KEY \
            (enables /api/test for UI tests; never with real data), \
            UPC_PROVIDER_URL (Open Food Facts or a mirror; "off" disables), APPLE_CLIENT_IDS, \
            APPLE_KEYS_URL, REQUESTS_PER_USER, REQUESTS_PER_ADDRESS, UPC_LOOKUPS_PER_MINUTE, \
            FAILED_LOGINS_PER_EMAIL; see docs/PANTRYPAL.md.

            rushday (Rush Day: gRPC services on --grpc-port, default 50051, started only when \
            an app that serves gRPC is enabled; its HTTP mount has accounts, the guests' RSVP pages \
            /g/<link> and /i/<id>, and health). Its settings are HEARTH_RD_* variables: AUTH \
            (hearth, firebase or hs256), FIREBASE_PROJECT_ID, FIREBASE_JWKS_URL, HS256_SECRET, \
            PUBLIC_BASE_URL, INVITATION_KEYS, PUBLIC_RATE_LIMIT, PLANNER_STEP_DELAY_MS; push through \
            FCM with HEARTH_FCM_CREDENTIALS_FILE; see docs/RUSHDAY.md.
            """
    )

    @OptionGroup var storage: StorageOptions
    @OptionGroup var server: ServerOptions

    func run() async throws {
        var overrides = ServerConfiguration.Overrides()
        storage.apply(to: &overrides)
        server.apply(to: &overrides)
        do {
            let configuration = try ServerConfiguration.resolve(overrides)
            let logger = LogOutput.start(level: configuration.logLevel)
            try DatabaseOpener.prepareDataDirectory(configuration.dataDirectory)
            // Held until the process ends: `hearth restore` refuses a directory in use.
            let directoryLock = try DataDirectoryLock.forServer(configuration.dataDirectory)
            let database = try await DatabaseOpener.open(configuration, logger: logger)
            // The platform's tables first: the signing secret lives in one of them.
            try await MigrationRunner(database: database, logger: logger).run(HearthPlatform.platformMigrations)
            let secret = try await SigningSecret.resolve(
                explicit: configuration.signingSecret, keys: ServerKeyStore(database: database),
                dataDirectory: configuration.dataDirectory, logger: logger)
            let threadPool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
            threadPool.start()
            let platform = try HearthPlatform(
                configuration: configuration, database: database, available: try AppCatalog.available(), secret: secret,
                threadPool: threadPool, logger: logger)
            try await platform.migrate()
            let grpc = try await GRPCServing.listener(
                platform: platform, flag: server.grpcPort, environment: ProcessInfo.processInfo.environment, logger: logger)
            let application = try await platform.makeApplication(additionalServices: grpc.map { [$0] } ?? []) { port in
                let banner = StartBanner(
                    apps: platform.apps, isRootMounted: platform.isRootMounted, host: configuration.host, port: port,
                    storage: StartBanner.storage(of: configuration), secure: configuration.tls != nil)
                // Unbuffered, so it shows at once even when standard output is a pipe.
                try? FileHandle.standardOutput.write(contentsOf: Data((banner.text + "\n").utf8))
            }
            try await application.runService()
            await database.close()
            try await threadPool.shutdownGracefully()
            withExtendedLifetime(directoryLock) {}
        } catch {
            throw CommandFailure.exit(error, context: "cannot serve")
        }
    }
}
