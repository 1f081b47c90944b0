import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

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
}
