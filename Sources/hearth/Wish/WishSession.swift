import WishWithMeKit

/// Opens the profile's client for one command and runs it (see ``ClientSession``).
enum WishSession {
    static func run(
        _ options: WishOptions, syncProtocol: WishSyncProtocol? = nil, _ body: (WishWithMeClient, WishOutput) async throws -> Void
    ) async throws {
        var settings = WishProfileSettings.load(from: options.profileDirectory)
        if let syncProtocol { settings.syncProtocol = syncProtocol }
        try await ClientSession.run(options, settings) { serverURL, transport in
            let client = try WishWithMeClient(
                .init(serverURL: serverURL, directory: options.profileDirectory, transport: transport, syncProtocol: settings.syncProtocol))
            do {
                try await body(client, WishOutput(json: options.json))
            } catch {
                await client.sync.stop()
                throw error
            }
            // No background sync may outlive the HTTP client (it would record a bogus error).
            await client.sync.stop()
        }
    }
}
