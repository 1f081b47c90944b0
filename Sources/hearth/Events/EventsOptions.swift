import ArgumentParser
import HearthClient
import RushDayKit

/// `hearth events`: the Rush Day client's names and hints.
enum EventsClientApp: ClientApp {
    static let commandName = "events"
    static let appName = "rushday"
    static let environmentPrefix = "HEARTH_EVENTS"
    static let serverHelp =
        "The Rush Day server's HTTP address, for accounts: http://127.0.0.1:8080 for `hearth serve --app rushday`, …/rushday when all apps are served. Remembered per profile. [env: HEARTH_EVENTS_SERVER] (default: http://127.0.0.1:8080)"
    static let serverExample = "http://host:port"
    static let serverHint = " (the server root for `--app rushday`, ending in /rushday when every app is served)"

    static func meansSignedOut(_ error: any Error) -> Bool {
        switch error {
        case ClientError.signedOut, RushDayError.signedOut: true
        default: false
        }
    }
}

/// Options every `hearth events` command takes.
struct EventsOptions: ParsableArguments {
    @OptionGroup var client: ClientOptions<EventsClientApp>

    @Option(
        name: .customLong("grpc"),
        help: ArgumentHelp(
            "The server's gRPC address (`hearth serve --grpc-port`). Remembered per profile. [env: HEARTH_EVENTS_GRPC] (default: the --server host, port 50051)",
            valueName: "host:port"))
    var grpc: String?

    var json: Bool { client.json }
    var profileName: String { client.profileName }
    var profileDirectory: String { client.profileDirectory }

    func validate() throws {
        try client.validate()
        if let grpc, RushDayEndpoint.parseGRPCAddress(grpc) == nil {
            throw ValidationError("--grpc must be host:port, e.g. 127.0.0.1:50051")
        }
    }
}

/// Where a `hearth events` password comes from: the option, HEARTH_EVENTS_PASSWORD, a prompt, or stdin.
typealias EventsPasswordOptions = PasswordOptions<EventsClientApp>

/// What a profile remembers: the HTTP server, and the gRPC address when one was given.
struct EventsProfileSettings: ClientProfileSettings, Equatable {
    static let defaultServer = "http://127.0.0.1:8080"

    var server: String = defaultServer
    var grpc: String?
}
