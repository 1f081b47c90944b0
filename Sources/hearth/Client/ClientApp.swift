import ArgumentParser
import Foundation
import HearthClient

/// What sets one client app's commands (`hearth wish`, `hearth pantry`) apart: its names,
/// environment variables and the hints its messages give.
protocol ClientApp {
    /// The `hearth` subcommand, e.g. `pantry`.
    static var commandName: String { get }
    /// The profile folder under the client directory and the `hearth serve --app` name, e.g. `pantrypal`.
    static var appName: String { get }
    /// What the app's environment variables start with, e.g. `HEARTH_PANTRY` (…_SERVER, …_PROFILE, …_PASSWORD).
    static var environmentPrefix: String { get }
    /// The help of --server.
    static var serverHelp: String { get }
    /// What a --server URL looks like, e.g. `http://host:port/api`.
    static var serverExample: String { get }
    /// Said after "pass --server URL" when the server cannot be reached, e.g. ` (ending in /api)`.
    static var serverHint: String { get }
    /// Whether `error` means this profile is signed out (told as "run `hearth … login`").
    static func meansSignedOut(_ error: any Error) -> Bool
}

extension ClientApp {
    static func meansSignedOut(_ error: any Error) -> Bool {
        if case ClientError.signedOut = error { return true }
        return false
    }
}

/// Options every command of a client app takes.
struct ClientOptions<App: ClientApp>: ParsableArguments {
    @Option(help: ArgumentHelp(App.serverHelp, valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp(
        "Which account to act as; each profile has its own sign-in, local data and settings. [env: \(App.environmentPrefix)_PROFILE] (default: default)",
        valueName: "name"))
    var profile: String?

    @Option(name: .customLong("client-dir"), help: ArgumentHelp(
        "Where profiles keep their data. [env: HEARTH_CLIENT_DIR] (default: $XDG_DATA_HOME/hearth or ~/.local/share/hearth)",
        valueName: "path"))
    var clientDirectory: String?

    @Flag(help: "Print JSON instead of tables, for scripts.")
    var json = false

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    var profileName: String { profile ?? environment[App.environmentPrefix + "_PROFILE"] ?? "default" }

    /// The server this command was told to use: --server, else a non-empty `…_SERVER`.
    var serverOverride: String? {
        server ?? environment[App.environmentPrefix + "_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        try ClientProfile.validate(profile: profileName, server: server)
    }

    /// `<client dir>/<app>/<profile>`.
    var profileDirectory: String {
        ClientProfile.directory(app: App.appName, profile: profileName, clientDirectory: clientDirectory, environment: environment)
    }
}

/// Where a client app's password comes from: the option, `…_PASSWORD`, a prompt, or stdin.
struct PasswordOptions<App: ClientApp>: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The password (visible in your shell history; prefer the prompt or \(App.environmentPrefix)_PASSWORD).", valueName: "password"))
    var password: String?

    func resolve() throws -> String {
        try PasswordPrompt.resolve(given: password, environmentVariable: App.environmentPrefix + "_PASSWORD")
    }
}
