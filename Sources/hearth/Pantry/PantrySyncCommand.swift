import ArgumentParser
import HearthCore
import PantryPalKit

struct PantrySyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send this device's changes to the server and fetch everyone else's.")

    @OptionGroup var options: PantryOptions

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            guard await client.account.signedInUserID != nil else { throw PantryPalError.signedOut }
            let report = try await client.sync.sync()
            if let paywall = report.paywall { output.note(CommandOutput.describe(paywall)) }
            try output.result(
                "Synced: \(report.sent) sent, \(report.received) received"
                    + (report.rejected > 0 ? ", \(report.rejected) refused by the server (see `hearth pantry status`)" : "")
                    + (report.fullSync ? " (full refresh)" : "")
                    + (report.hasHousehold ? "." : ". You are not in a household yet."),
                json: encoded(report))
        }
    }
}
