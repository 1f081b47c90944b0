import PantryPalKit

/// Opens the profile's client for one command and runs it (see ``ClientSession``).
enum PantrySession {
    static func run(_ options: PantryOptions, _ body: (PantryPalClient, CommandOutput) async throws -> Void) async throws {
        try await ClientSession.run(options, PantryProfileSettings.load(from: options.profileDirectory)) { serverURL, transport in
            let client = try PantryPalClient(.init(serverURL: serverURL, directory: options.profileDirectory, transport: transport))
            try await body(client, CommandOutput(json: options.json))
        }
    }
}
