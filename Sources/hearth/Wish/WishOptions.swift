import ArgumentParser
import Foundation

/// Options every `hearth wish` command takes.
struct WishOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The Wish With Me server, e.g. http://127.0.0.1:8080. Remembered per profile. [env: HEARTH_WISH_SERVER] (default: http://127.0.0.1:8080)",
        valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp(
        "Which account to act as; each profile has its own sign-in, local data and settings. [env: HEARTH_WISH_PROFILE] (default: default)",
        valueName: "name"))
    var profile: String?

    @Option(name: .customLong("client-dir"), help: ArgumentHelp(
        "Where profiles keep their data. [env: HEARTH_CLIENT_DIR] (default: $XDG_DATA_HOME/hearth or ~/.local/share/hearth)",
        valueName: "path"))
    var clientDirectory: String?

    @Flag(help: "Print JSON instead of tables, for scripts.")
    var json = false

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    var profileName: String { profile ?? environment["HEARTH_WISH_PROFILE"] ?? "default" }

    func validate() throws {
        try ClientProfile.validate(profile: profileName, server: server)
    }

    /// `<client dir>/wishwithme/<profile>`.
    var profileDirectory: String {
        ClientProfile.directory(app: "wishwithme", profile: profileName, clientDirectory: clientDirectory, environment: environment)
    }
}
