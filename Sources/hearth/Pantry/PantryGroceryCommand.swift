import ArgumentParser
import HearthCore
import PantryPalKit

struct PantryGroceryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grocery", abstract: "The household's shopping list: list, add, remove.",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The shopping list, newest first (works offline).")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let items = try client.grocery.list()
                try output.table(
                    ["name", "brand", "upc"], items.map { [$0.name, $0.brand ?? "", $0.upc ?? ""] }, json: .array(items.map(encoded)),
                    empty: "The shopping list is empty. Add with `hearth pantry grocery add <name>`.")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put something on the shopping list (an entry with the same name is not added twice).")

        @OptionGroup var options: PantryOptions
        @Argument(help: "What to buy.") var name: String
        @Option(help: "The brand.") var brand: String?
        @Option(help: "The barcode.") var upc: String?

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let (item, added) = try client.grocery.add(name: name, brand: brand, upc: upc)
                if added { try await output.syncAfterWrite(client, for: [EntityKey(.grocery, item.normalizedName)]) }
                try output.result(added ? "Added '\(item.name)' to the shopping list." : "'\(item.name)' is already on the list.", json: encoded(item))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take something off the shopping list.")

        @OptionGroup var options: PantryOptions
        @Argument(help: "Its name (spacing and case do not matter).") var name: String

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let item = try client.grocery.remove(name)
                try await output.syncAfterWrite(client, for: [EntityKey(.grocery, item.normalizedName)])
                try output.result("Removed '\(item.name)' from the shopping list.", json: ["removed": .string(item.name)])
            }
        }
    }
}
