import ArgumentParser
import Foundation
import HearthServer
import HearthStore
import Logging
import NIOCore
import NIOPosix

/// What one `hearth admin` command works with: the server's database (schema brought up to
/// date), its signing secret and a thread pool for password hashing, assembled like
/// `hearth serve` assembles them, so the command acts exactly as a server process would.
struct AdminSession {
    let platform: HearthPlatform
    let apps: [any HearthApp]

    /// Opens the database named by `storage` (and the `HEARTH_*` variables), runs `body`,
    /// then closes everything whether or not it threw.
    static func run<T: Sendable>(
        _ storage: StorageOptions, adjust: (inout ServerConfiguration) -> Void = { _ in }, _ body: (AdminSession) async throws -> T
    ) async throws -> T {
        try await OperatorDatabase.open(storage).using { opened in
            var configuration = opened.configuration
            adjust(&configuration)
            let secret = try await SigningSecret.resolve(
                explicit: configuration.signingSecret, keys: ServerKeyStore(database: opened.database),
                dataDirectory: configuration.dataDirectory, logger: opened.logger)
            let threadPool = NIOThreadPool(numberOfThreads: 2)
            threadPool.start()
            do {
                // Every app's administrator is at hand whatever HEARTH_APP says; it only
                // decides where the app's pages are (the root or its mount).
                let platform = try HearthPlatform(
                    configuration: configuration, database: opened.database, available: opened.apps, secret: secret,
                    threadPool: threadPool, logger: opened.logger)
                let result = try await body(AdminSession(platform: platform, apps: opened.apps))
                try await threadPool.shutdownGracefully()
                return result
            } catch {
                try? await threadPool.shutdownGracefully()
                throw error
            }
        }
    }

    /// The administrator of the app named `name`, or an error listing the apps that have
    /// accounts.
    func administrator(for name: String) async throws -> AccountAdministrator {
        var withAccounts: [String] = []
        for app in apps {
            guard let administrator = await platform.administrator(for: app) else { continue }
            if app.name == name { return administrator }
            withAccounts.append(app.name)
        }
        throw AdminCommandError("no app named '\(name)' has accounts; choose one of: \(withAccounts.joined(separator: ", "))")
    }
}
