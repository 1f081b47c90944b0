import ArgumentParser
import AsyncHTTPClient
import Foundation
import HearthClient
import PantryPalKit

/// Opens the profile's client for one command, runs it, and shuts the HTTP client down.
/// Errors come out as one line that says what to do next.
enum PantrySession {
    static func run(_ options: PantryOptions, _ body: (PantryPalClient, CommandOutput) async throws -> Void) async throws {
        let directory = options.profileDirectory
        var settings = PantryProfileSettings.load(from: directory)
        let serverFromEnvironment = options.environment["HEARTH_PANTRY_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        if let server = options.server ?? serverFromEnvironment { settings.server = server }
        guard let serverURL = URL(string: settings.server) else {
            throw CommandError("The saved server '\(settings.server)' is not a URL; pass --server http://host:port/api")
        }
        let output = CommandOutput(json: options.json)
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5)))
        // A refused connection means "offline" at once: one command should not spend its
        // connect timeout retrying.
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let client = try PantryPalClient(
                .init(serverURL: serverURL, directory: directory, transport: AsyncHTTPClientTransport(client: http)))
            try await body(client, output)
            // Remembered only once a command worked with them (a failed login changes nothing).
            try settings.save(to: directory)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw ExitCode(CommandOutput.reportPantryFailure(error, server: settings.server, profile: options.profileName))
        }
    }
}
