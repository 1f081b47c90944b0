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
        let name = profileName
        guard !name.isEmpty, name.count <= 64,
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" })
        else {
            throw ValidationError("A profile name uses letters, digits, '-' and '_' (up to 64), e.g. --profile alice")
        }
        if let server, URL(string: server)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--server must be an http:// or https:// URL, e.g. http://127.0.0.1:8080")
        }
    }

    /// `<client dir>/wishwithme/<profile>`.
    var profileDirectory: String {
        let base: String
        if let clientDirectory {
            base = clientDirectory
        } else if let configured = environment["HEARTH_CLIENT_DIR"], !configured.isEmpty {
            base = configured
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            base = xdg + "/hearth"
        } else {
            // $HOME first, as every XDG tool does; Foundation's home directory ignores it.
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/.local/share/hearth"
        }
        return base + "/wishwithme/" + profileName
    }
}
