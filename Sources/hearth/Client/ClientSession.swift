import ArgumentParser
import AsyncHTTPClient
import Foundation
import HearthClient

/// One client command's HTTP client and settings: the app's session opens its client on
/// the transport, runs the command, and this shuts the HTTP client down. Errors come out
/// as one line that says what to do next.
enum ClientSession {
    /// Runs `body` against the server of `settings` (or the one --server or `…_SERVER`
    /// names), saving the settings once the command worked with them.
    static func run<App: ClientApp, Settings: ClientProfileSettings>(
        _ options: ClientOptions<App>, _ settings: Settings,
        _ body: (_ serverURL: URL, _ transport: AsyncHTTPClientTransport) async throws -> Void
    ) async throws {
        var settings = settings
        if let server = options.serverOverride { settings.server = server }
        guard let serverURL = URL(string: settings.server) else {
            throw CommandError("The saved server '\(settings.server)' is not a URL; pass --server \(App.serverExample)")
        }
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5)))
        // A refused connection means "offline" at once: one command should not spend its
        // connect timeout retrying, and the sync engines have their own backoff.
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await body(serverURL, AsyncHTTPClientTransport(client: http))
            // Remembered only once a command worked with them (a failed login changes nothing).
            try settings.save(to: options.profileDirectory)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw ExitCode(reportFailure(error, app: App.self, server: settings.server, profile: options.profileName))
        }
    }

    /// Prints the failure as `error: …` with what to do next; returns the exit status.
    static func reportFailure<App: ClientApp>(_ error: any Error, app: App.Type, server: String, profile: String) -> Int32 {
        let command = "hearth " + App.commandName
        let message: String
        switch error {
        case _ where App.meansSignedOut(error):
            message = "You are signed out of profile '\(profile)'. Run `\(command) login --profile \(profile)`."
        case ClientError.offline, ClientError.timedOut:
            message = "Cannot reach the server at \(server). Start it with `hearth serve --app \(App.appName)`, or pass --server URL\(App.serverHint)."
        case ClientError.server(let status, _, let text) where status == 401:
            message = "\(text). Check the email and password, or run `\(command) login`."
        case ClientError.server(_, _, let text):
            message = text
        default:
            message = String(describing: error)
        }
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return 1
    }
}

extension ExitCode {
    init(_ code: Int32) { self.init(rawValue: code) }
}
