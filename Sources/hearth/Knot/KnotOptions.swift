import ArgumentParser
import HearthClient
import KnotKit

/// `hearth knot`: the Knot client's names and hints.
enum KnotClientApp: ClientApp {
    static let commandName = "knot"
    static let appName = "knot"
    static let environmentPrefix = "HEARTH_KNOT"
    static let serverHelp =
        "The Knot server (the app's Supabase URL): http://127.0.0.1:8080 for `hearth serve --app knot`, …/knot when all apps are served. Remembered per profile. [env: HEARTH_KNOT_SERVER] (default: http://127.0.0.1:8080)"
    static let serverExample = "http://host:port"
    static let serverHint = " (the server root for `--app knot`, ending in /knot when every app is served)"

    static func meansSignedOut(_ error: any Error) -> Bool {
        switch error {
        case ClientError.signedOut, KnotError.signedOut: true
        default: false
        }
    }
}

/// Options every `hearth knot` command takes.
struct KnotOptions: ParsableArguments {
    @OptionGroup var client: ClientOptions<KnotClientApp>

    @Option(
        name: .customLong("api-key"),
        help: ArgumentHelp(
            "The server's anon key, sent as `apikey` (what it has in HEARTH_KNOT_AUTH_ANON_KEY). Remembered per profile. [env: HEARTH_KNOT_API_KEY]",
            valueName: "key"))
    var apiKey: String?

    var json: Bool { client.json }
    var profileName: String { client.profileName }
    var profileDirectory: String { client.profileDirectory }
}

/// Where a `hearth knot` password comes from: the option, HEARTH_KNOT_PASSWORD, a prompt, or stdin.
typealias KnotPasswordOptions = PasswordOptions<KnotClientApp>

/// What a profile remembers: which server it uses, and the key that server asks for.
struct KnotProfileSettings: ClientProfileSettings, Equatable {
    static let defaultServer = "http://127.0.0.1:8080"

    var server: String = defaultServer
    var apiKey: String?

    enum CodingKeys: String, CodingKey {
        case server
        case apiKey = "api_key"
    }
}
