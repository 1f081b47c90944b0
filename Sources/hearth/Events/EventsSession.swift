import Foundation
import HearthClient
import RushDayKit

/// Opens the profile's Rush Day client for one command, runs it, and turns failures into
/// one line that says what to do (see ``ClientSession``).
enum EventsSession {
    static func run(_ options: EventsOptions, _ body: (RushDayClient, CommandOutput) async throws -> Void) async throws {
        var settings = EventsProfileSettings.load(from: options.profileDirectory)
        if let grpc = options.grpc ?? ProcessInfo.processInfo.environment["HEARTH_EVENTS_GRPC"].flatMap({ $0.isEmpty ? nil : $0 }) {
            settings.grpc = grpc
        }
        let explicitGRPC = settings.grpc
        try await ClientSession.run(options.client, settings) { serverURL, transport in
            let address = try grpcAddress(explicitGRPC, serverURL: serverURL)
            let account = RushDayAccount(
                httpBase: serverURL, transport: transport, tokens: FileTokenStore(path: options.profileDirectory + "/credentials.json"))
            let connection = try RushDayConnection(host: address.host, port: address.port)
            let client = RushDayClient(account: account, connection: connection)
            do {
                try await body(client, CommandOutput(json: options.json))
                await connection.close()
            } catch {
                await connection.close()
                throw explained(error, grpc: "\(address.host):\(address.port)", profile: options.profileName)
            }
        }
    }

    static func grpcAddress(_ given: String?, serverURL: URL) throws -> (host: String, port: Int) {
        if let given {
            guard let address = RushDayEndpoint.parseGRPCAddress(given) else {
                throw CommandError("The saved gRPC address '\(given)' is not host:port; pass --grpc 127.0.0.1:50051")
            }
            return address
        }
        return (serverURL.host ?? "127.0.0.1", 50051)
    }

    /// A Rush Day failure as a sentence with the next step.
    static func explained(_ error: any Error, grpc: String, profile: String) -> any Error {
        guard let failure = error as? RushDayError else { return error }
        switch failure {
        case .signedOut:
            return failure
        case .offline:
            return CommandError(
                "Cannot reach the Rush Day gRPC service at \(grpc). Start it with `hearth serve --app rushday` (gRPC port 50051 unless --grpc-port), or pass --grpc host:port.")
        case .notFound(let message):
            return CommandError("Not found (\(message)). Check the id with `hearth events list`; an event someone shared with you appears once you run `hearth events cohosts accept`.")
        case .permissionDenied(let message):
            return CommandError("Not allowed (\(message)). Viewers can only look; the owner can make you an admin, and some changes are the owner's alone.")
        case .invalidArgument(let message):
            return CommandError("The server did not accept this: \(message). Fix that value and try again.")
        case .failedPrecondition(let message):
            return CommandError("Cannot do this now: \(message).")
        case .limitReached(let message):
            return CommandError("A limit was reached: \(message). Remove something first, or wait a minute if this was a rate limit.")
        case .notAvailable:
            return CommandError("This server does not offer that yet. Update `hearth` on the server.")
        case .timedOut:
            return CommandError("The server did not answer in time. Try again; if it keeps happening check the server's log.")
        case .accountRefused(let status, let message) where status == 401:
            return CommandError("\(message). Check the email and password, or create the account with `hearth events register`.")
        case .accountRefused(_, let message):
            return CommandError(message)
        case .server(let message):
            return CommandError("The server failed: \(message). Try again later; the server's log has the details.")
        }
    }
}
