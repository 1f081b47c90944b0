import ArgumentParser
import HearthCore
import PantryPalKit

struct PantryProductsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products", abstract: "Look up a barcode, or define a product of your own.",
        subcommands: [List.self, Lookup.self, Add.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Products known on this device (works offline).")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let products = try client.products.all()
                try output.table(
                    ["id", "upc", "name", "category", "own"],
                    products.map { [String($0.id.prefix(8)), $0.upc ?? "", $0.displayName, $0.category ?? "", $0.isCustom ? "yes" : ""] },
                    json: .array(products.map(encoded)), empty: "No products yet. Add stock with `hearth pantry inventory add --upc <code>`.")
            }
        }
    }

    struct Lookup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask the server what product a barcode is (its catalogue, then the product database).")

        @OptionGroup var options: PantryOptions
        @Argument(help: "The UPC/EAN digits under the barcode.") var upc: String

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                guard let product = try await client.products.lookup(upc: upc) else {
                    try output.result(
                        "No product is known under \(upc). Add it as your own: `hearth pantry products add --upc \(upc) --name <name>`.",
                        json: ["found": false, "upc": .string(upc)])
                    return
                }
                try output.result(
                    "\(upc): \(product.displayName)" + (product.category.map { " (\($0))" } ?? ""),
                    json: ["found": true, "product": encoded(product)])
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Define a product of your household's own (saved here first, then synced).")

        @OptionGroup var options: PantryOptions
        @Option(help: "Its name.") var name: String
        @Option(help: "Its barcode, if it has one.") var upc: String?
        @Option(help: "The brand.") var brand: String?
        @Option(help: "A category, e.g. Dairy.") var category: String?

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let product = try client.products.addCustom(name: name, upc: upc, brand: brand, category: category)
                try await output.syncAfterWrite(client, for: [EntityKey(.product, product.id)])
                try output.result("Added product '\(product.displayName)' (\(product.id.prefix(8))).", json: encoded(product))
            }
        }
    }
}
