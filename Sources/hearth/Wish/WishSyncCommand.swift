import ArgumentParser
import WishWithMeKit

struct WishSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send local changes to the server and fetch everyone else's.",
        discussion: SyncCommandRun.watchDiscussion)

    @OptionGroup var options: WishOptions
    @Flag(help: "Keep syncing until interrupted, printing each status change.") var watch = false

    func run() async throws {
        try await WishSession.run(options) { client, output in
            guard await client.account.signedInUserID != nil else { throw WishWithMeError.signedOut }
            try await SyncCommandRun.run(client.sync, watch: watch, output: output)
        }
    }
}
