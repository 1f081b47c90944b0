import Foundation
import HearthClient
import HearthCore

/// What `hearth wish sync` and `hearth list sync` do with the delta sync engine: one sync
/// and its report, or, with `--watch`, every status change until interrupted.
enum SyncCommandRun {
    static let watchDiscussion = """
        With --watch it keeps running: it syncs when the server announces a change \
        (realtime), every 30 seconds, and after failures with growing pauses. Stop it with Ctrl-C.
        """

    static func run(_ sync: SyncEngine, watch: Bool, output: CommandOutput) async throws {
        guard watch else {
            let report = try await sync.sync()
            try output.result(
                "Synced: \(report.pushed) sent, \(report.pulled) received"
                    + (report.conflicts > 0 ? ", \(report.conflicts) replaced by newer edits" : "")
                    + (report.rejected > 0 ? ", \(report.rejected) refused by the server" : "") + ".",
                json: try JSONValueEncoder().encode(report))
            return
        }
        await sync.start()
        output.note("Watching for changes; press Ctrl-C to stop.")
        for await status in await sync.statusUpdates() {
            output.note("\(Timestamp(Date()).iso8601) \(describe(status))")
        }
    }

    static func describe(_ status: SyncStatus) -> String {
        switch status {
        case .idle(let lastSync): "up to date" + (lastSync.map { " (synced \($0.iso8601))" } ?? "")
        case .syncing: "syncing…"
        case .offline: "offline: the server is unreachable; retrying"
        case .error(let message): "error: \(message)"
        }
    }
}
