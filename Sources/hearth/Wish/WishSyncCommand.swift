import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

struct WishSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send local changes to the server and fetch everyone else's.",
        discussion: """
            With --watch it keeps running: it syncs when the server announces a change \
            (realtime), every 30 seconds, and after failures with growing pauses. Stop it with Ctrl-C.
            """)

    @OptionGroup var options: WishOptions
    @Flag(help: "Keep syncing until interrupted, printing each status change.") var watch = false

    func run() async throws {
        try await WishSession.run(options) { client, output in
            guard await client.account.signedInUserID != nil else { throw WishWithMeError.signedOut }
            guard watch else {
                let report = try await client.sync.sync()
                try output.result(
                    "Synced: \(report.pushed) sent, \(report.pulled) received"
                        + (report.conflicts > 0 ? ", \(report.conflicts) replaced by newer edits" : "")
                        + (report.rejected > 0 ? ", \(report.rejected) refused by the server" : "") + ".",
                    json: try JSONValueEncoder().encode(report))
                return
            }
            await client.sync.start()
            output.note("Watching for changes; press Ctrl-C to stop.")
            for await status in await client.sync.statusUpdates() {
                output.note("\(Self.timestamp()) \(WishStatusCommand.describe(status))")
            }
        }
    }

    static func timestamp() -> String { Timestamp(Date()).iso8601 }
}
