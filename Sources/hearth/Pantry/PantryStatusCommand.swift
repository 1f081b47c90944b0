import ArgumentParser
import Foundation
import HearthCore
import PantryPalKit

struct PantryStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Who is signed in, which server and household, changes waiting to be sent, refused changes and the last sync (offline).")

    @OptionGroup var options: PantryOptions

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            let settings = PantryProfileSettings.load(from: options.profileDirectory)
            let user = await client.account.signedInUserID
            let household = try client.store.household()
            let pending = try client.store.pendingCount()
            let refused = try client.store.rejections()
            let paywall = try client.store.paywall()
            let lastSync = try client.store.state(.lastSyncAt)
            let lastError = try client.store.state(.lastError)
            let plan = household.map { $0.isPremiumActive(at: client.clock.now) ? "premium" : "free" }
            var rows = [
                ["profile", options.profileName], ["server", settings.server],
                ["signed in as", user ?? "nobody (run `hearth pantry login`)"],
                ["household", household.map { "\($0.name) (\(plan ?? ""))" } ?? "none"],
                ["pending changes", String(pending)], ["last sync", lastSync ?? "never"],
            ]
            if let lastError { rows.append(["last error", lastError]) }
            if let paywall { rows.append(["upgrade needed", paywall.message]) }
            for rejection in refused.suffix(5) {
                rows.append(["refused", "\(rejection.kind.rawValue) \(rejection.entity.id.prefix(8)): \(rejection.message)"])
            }
            let json: JSONValue = [
                "profile": .string(options.profileName), "server": .string(settings.server), "user_id": user.map(JSONValue.string) ?? .null,
                "household": household.map(encoded) ?? .null, "plan": plan.map(JSONValue.string) ?? .null,
                "pending_changes": .int(Int64(pending)), "last_sync": lastSync.map(JSONValue.string) ?? .null,
                "last_error": lastError.map(JSONValue.string) ?? .null, "paywall": paywall.map(encoded) ?? .null,
                "refused_changes": .array(refused.map(encoded)),
            ]
            try output.table(["", ""], rows, json: json, empty: "")
        }
    }
}
