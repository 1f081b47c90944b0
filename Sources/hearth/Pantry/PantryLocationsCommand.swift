import ArgumentParser
import HearthCore
import PantryPalKit

struct PantryLocationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations", abstract: "Where things are kept: list the household's locations or add one.",
        subcommands: [List.self, Add.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The household's locations (works offline).")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let locations = try client.locations.list()
                let stock = try client.inventory.list()
                try output.table(
                    ["name", "items"],
                    locations.map { location in
                        [String(repeating: "  ", count: location.level) + location.name, String(stock.filter { $0.locationID == location.id }.count)]
                    }, json: .array(locations.map(encoded)),
                    empty: "No locations yet. Create a household (`hearth pantry household create`) or run `hearth pantry sync`.")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a location (saved here first, then synced).")

        @OptionGroup var options: PantryOptions
        @Argument(help: "Its name.") var name: String
        @Option(help: "The location it is inside of.") var parent: String?

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let location = try client.locations.add(name: name, parent: try parent.map { try client.locations.find($0) })
                try await output.syncAfterWrite(client, for: [EntityKey(.location, location.id)])
                try output.result("Added location '\(location.name)'.", json: encoded(location))
            }
        }
    }
}
