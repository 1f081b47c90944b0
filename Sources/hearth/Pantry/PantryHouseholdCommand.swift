import ArgumentParser
import HearthCore
import PantryPalKit

struct PantryHouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household", abstract: "Create or join a household, invite someone, list its members (needs the server).",
        subcommands: [Create.self, Join.self, Invite.self, Members.self], defaultSubcommand: Members.self)

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a household with the default locations (Pantry, Fridge, Freezer, …) and make it yours.")

        @OptionGroup var options: PantryOptions
        @Argument(help: "Its name (default: \"<your last name> Household\").") var name: String?

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let creation = try await client.household.createHousehold(name: name)
                let household = creation.household
                if let failure = creation.setupFailure {
                    output.note(
                        "The household exists, but setting it up on this device failed: \(failure). Run `hearth pantry sync` to finish.")
                    try output.result("Created household '\(household.name)'.", json: encoded(household))
                    return
                }
                let locations = try client.locations.list().map(\.name).joined(separator: ", ")
                try output.result("Created household '\(household.name)' with locations: \(locations).", json: encoded(household))
            }
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a household with the invite code a member created.",
            discussion: """
                Leaves your current household. Changes not yet sent are sent first; when some cannot \
                be sent, joining is refused unless you pass --discard to drop them.
                """)

        @OptionGroup var options: PantryOptions
        @Argument(help: "The 6-character invite code.") var code: String
        @Flag(help: "Join even if local changes that could not be sent would be lost.") var discard = false

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let household = try await client.household.join(code: code, discardingUnsyncedChanges: discard)
                try output.result(
                    "Joined household '\(household.name)': \(try client.inventory.list().count) item(s) in stock.", json: encoded(household))
            }
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an invite code for someone to join (valid 24 hours, once; sharing needs Premium).")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let invite = try await client.household.invite()
                try output.result(
                    "Invite code for '\(invite.householdName)': \(invite.code) (valid until \(invite.expiresAt)). They run `hearth pantry household join \(invite.code)`.",
                    json: encoded(invite))
            }
        }
    }

    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Who is in your household.")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let members = try await client.household.members()
                try output.table(
                    ["name", "email", "role"], members.map { [$0.name, $0.email, $0.isOwner ? "owner" : "member"] },
                    json: .array(members.map(encoded)), empty: "No members.")
            }
        }
    }
}
