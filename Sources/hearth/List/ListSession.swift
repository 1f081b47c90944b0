import Foundation
import HearthClient
import ListAllKit

/// Opens the profile's client for one command and runs it (see ``ClientSession``).
enum ListSession {
    static func run(_ options: ListOptions, _ body: (ListAllClient, CommandOutput) async throws -> Void) async throws {
        let settings = ListProfileSettings.load(from: options.profileDirectory)
        try await ClientSession.run(options, settings) { serverURL, transport in
            let client = try ListAllClient(.init(serverURL: serverURL, directory: options.profileDirectory, transport: transport))
            do {
                try await body(client, CommandOutput(json: options.json))
            } catch {
                await client.sync.stop()
                throw error
            }
            // No background sync may outlive the HTTP client (it would record a bogus error).
            await client.sync.stop()
        }
    }
}

extension CommandOutput {
    /// After a local write: tries to sync and says what happened. Offline is not a failure;
    /// the change waits on this device.
    func syncAfterWrite(_ client: ListAllClient) async {
        await syncAfterWrite(store: client.store, sync: client.sync, command: "hearth list sync")
    }
}
