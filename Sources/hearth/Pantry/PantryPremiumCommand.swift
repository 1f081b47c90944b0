import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import PantryPalKit

/// The operator's switch for Premium (the server's `/api/admin` routes), so a household
/// can share itself without an App Store purchase the server cannot verify.
struct PantryPremiumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "premium", abstract: "For the server's operator: turn Premium on or off for this profile's household.",
        discussion: """
            Needs the admin key the server was started with (HEARTH_PP_ADMIN_KEY on the server; \
            give the same value here with --admin-key or the same environment variable). \
            Premium lets a household invite members and lifts the free limits.
            """)

    @OptionGroup var options: PantryOptions
    @Option(help: ArgumentHelp("The server's admin key. [env: HEARTH_PP_ADMIN_KEY]", valueName: "key")) var adminKey: String?
    @Flag(help: "Turn Premium off instead.") var off = false
    @Option(help: ArgumentHelp("When Premium ends (YYYY-MM-DD or an ISO 8601 time); never, if not given.", valueName: "date"))
    var expires: String?

    func run() async throws {
        guard let key = adminKey ?? options.environment["HEARTH_PP_ADMIN_KEY"], !key.isEmpty else {
            throw CommandError("Give the server's admin key with --admin-key or HEARTH_PP_ADMIN_KEY.")
        }
        try await PantrySession.run(options) { client, output in
            guard let household = try await client.account.me().household else {
                throw CommandError("This profile has no household yet: `hearth pantry household create` or `household join <code>` first.")
            }
            var body: [String: JSONValue] = ["isPremium": .bool(!off)]
            if let expires { body["expiresAt"] = .string(expires.count == 10 ? expires + "T23:59:59Z" : expires) }
            var request = try HearthAPI.request(
                baseURL: client.api.baseURL, .post, "admin/households/\(household.id)/premium", body: JSONValue.object(body))
            request.headers["x-admin-key"] = key
            let response = try await client.session.transport.send(request)
            guard response.isSuccess else {
                let message = (try? JSONParser().parse(response.body))?["error"]?.stringValue ?? "status \(response.status)"
                throw CommandError("The server refused: \(message). Is the admin key right, and was the server started with HEARTH_PP_ADMIN_KEY?")
            }
            _ = try await client.account.me()
            try output.result(
                "Premium is \(off ? "off" : "on") for \(household.name)\(expires.map { " until \($0)" } ?? "").",
                json: ["householdId": .string(household.id), "isPremium": .bool(!off), "expiresAt": expires.map(JSONValue.string) ?? .null])
        }
    }
}
