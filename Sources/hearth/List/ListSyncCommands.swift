import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import ListAllKit

struct ListSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send this device's changes to the server and fetch those of your other devices.",
        discussion: SyncCommandRun.watchDiscussion)

    @OptionGroup var options: ListOptions
    @Flag(help: "Keep syncing until interrupted, printing each status change.") var watch = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            guard await client.session.credentials != nil else { throw ListAllError.signedOut }
            try await SyncCommandRun.run(client.sync, watch: watch, output: output)
        }
    }
}

struct ListStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Who is signed in, which server, lists on this device, pending changes and the last sync (offline).")

    @OptionGroup var options: ListOptions

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let settings = ListProfileSettings.load(from: options.profileDirectory)
            let account = try client.account.signedInAccount()
            let signedIn = await client.session.credentials != nil
            let pending = try client.store.pendingCount()
            let lastSync = try client.store.state(.lastSyncAt)
            let lastError = try client.store.state(.lastError)
            let rejections = try client.store.rejections()
            let library = signedIn ? try await client.lists.library() : ListAllLibrary()
            let itemCount = library.lists.reduce(0) { $0 + $1.items.count }
            var rows = [
                ["profile", options.profileName], ["server", settings.server],
                ["signed in as", signedIn ? account.map { "\($0.name) <\($0.email)>" } ?? "?" : "nobody (run `hearth list login`)"],
                ["lists", "\(library.activeLists.count) active, \(library.archivedLists.count) archived, \(itemCount) items"],
                ["pending changes", String(pending)], ["last sync", lastSync ?? "never"],
            ]
            if let lastError { rows.append(["last error", lastError]) }
            if let last = rejections.last { rows.append(["last refused change", "\(last.documentID): \(last.message)"]) }
            let json: JSONValue = [
                "profile": .string(options.profileName), "server": .string(settings.server),
                "user_id": signedIn ? account.map { JSONValue.string($0.id) } ?? .null : .null,
                "active_lists": .int(Int64(library.activeLists.count)), "archived_lists": .int(Int64(library.archivedLists.count)),
                "items": .int(Int64(itemCount)), "pending_changes": .int(Int64(pending)),
                "last_sync": lastSync.map(JSONValue.string) ?? .null, "last_error": lastError.map(JSONValue.string) ?? .null,
                "refused_changes": .int(Int64(rejections.count)),
            ]
            try output.table(["", ""], rows, json: json, empty: "")
        }
    }
}
