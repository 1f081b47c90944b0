import ArgumentParser
import AsyncHTTPClient
import Foundation
import HearthClient
import WishWithMeKit

/// Opens the profile's client for one command, runs it, and shuts the HTTP client down.
/// Errors come out as one line that says what to do next.
enum WishSession {
    static func run(
        _ options: WishOptions, syncProtocol: WishSyncProtocol? = nil, _ body: (WishWithMeClient, WishOutput) async throws -> Void
    ) async throws {
        let directory = options.profileDirectory
        var settings = WishProfileSettings.load(from: directory)
        let serverFromEnvironment = options.environment["HEARTH_WISH_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        if let server = options.server ?? serverFromEnvironment { settings.server = server }
        if let syncProtocol { settings.syncProtocol = syncProtocol }
        guard let serverURL = URL(string: settings.server) else {
            throw WishCommandError("The saved server '\(settings.server)' is not a URL; pass --server http://host:port")
        }
        let output = WishOutput(json: options.json)
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5)))
        // A refused connection means "offline" at once: one command should not spend its
        // connect timeout retrying, and the sync engine has its own backoff.
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let client = try WishWithMeClient(
                .init(
                    serverURL: serverURL, directory: directory, transport: AsyncHTTPClientTransport(client: http),
                    syncProtocol: settings.syncProtocol))
            do {
                try await body(client, output)
            } catch {
                await client.sync.stop()
                throw error
            }
            // No background sync may outlive the HTTP client (it would record a bogus error).
            await client.sync.stop()
            // Remembered only once a command worked with them (a failed login changes nothing).
            try settings.save(to: directory)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw ExitCode(WishOutput.reportFailure(error, server: settings.server, profile: options.profileName))
        }
    }
}

extension ExitCode {
    init(_ code: Int32) { self.init(rawValue: code) }
}
