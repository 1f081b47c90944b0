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

struct WishStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Who is signed in, which server, pending changes and the last sync (offline).")

    @OptionGroup var options: WishOptions

    func run() async throws {
        try await WishSession.run(options) { client, output in
            let settings = WishProfileSettings.load(from: options.profileDirectory)
            let user = await client.account.signedInUserID
            let pending = try client.store.pendingCount()
            let lastSync = try client.store.state(.lastSyncAt)
            let lastError = try client.store.state(.lastError)
            let rejections = try client.store.rejections()
            var rows = [
                ["profile", options.profileName], ["server", settings.server], ["protocol", settings.syncProtocol.rawValue],
                ["signed in as", user ?? "nobody (run `hearth wish login`)"], ["pending changes", String(pending)],
                ["last sync", lastSync ?? "never"],
            ]
            if let lastError { rows.append(["last error", lastError]) }
            if let last = rejections.last { rows.append(["last refused change", "\(last.documentID): \(last.message)"]) }
            let json: JSONValue = [
                "profile": .string(options.profileName), "server": .string(settings.server),
                "protocol": .string(settings.syncProtocol.rawValue), "user_id": user.map(JSONValue.string) ?? .null,
                "pending_changes": .int(Int64(pending)), "last_sync": lastSync.map(JSONValue.string) ?? .null,
                "last_error": lastError.map(JSONValue.string) ?? .null, "refused_changes": .int(Int64(rejections.count)),
            ]
            try output.table(["", ""], rows, json: json, empty: "")
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

struct WishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wish",
        abstract: "Use Wish With Me from the terminal: wishlists, items, share links and marks, offline first.",
        discussion: """
            Reads come from this device and work offline; changes are saved here first and \
            sent to the server when it is reachable. Each --profile is a separate person \
            with its own sign-in and data, so two people can be tried out on one machine:

              hearth wish register --profile alice --email alice@example.com --name Alice
              hearth wish wishlists create "Birthday" --profile alice
              hearth wish items add Birthday --title "Blue kettle" --profile alice
              hearth wish share create Birthday --mark --profile alice   (prints a link)
              hearth wish register --profile bob --email bob@example.com --name Bob
              hearth wish open <link> --profile bob
              hearth wish mark "Blue kettle" --profile bob     (Alice never sees marks)
            """,
        subcommands: [
            WishRegisterCommand.self, WishLoginCommand.self, WishLogoutCommand.self, WishWhoAmICommand.self,
            WishWishlistsCommand.self, WishItemsCommand.self, WishShareCommand.self, WishOpenCommand.self,
            WishMarkCommand.self, WishUnmarkCommand.self, WishBookmarksCommand.self, WishProfileCommand.self,
            WishSyncCommand.self, WishStatusCommand.self,
        ])
}
