import ArgumentParser
import Foundation
import HearthCore
import PantryPalKit

struct PantryInventoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventory", abstract: "What is in stock: list, add, adjust, remove, and what expires soon.",
        discussion: "An item is named by its id (the first characters are enough), its product name or its UPC.",
        subcommands: [List.self, Add.self, Adjust.self, Remove.self, Expiring.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Everything in stock (from this device; works offline).")

        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let entries = try client.inventory.entries()
                try output.table(
                    ["id", "product", "upc", "qty", "location", "expires"], entries.map(\.row), json: .array(entries.map(\.jsonValue)),
                    empty: "Nothing in stock. Add something with `hearth pantry inventory add --upc <code>`.")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add stock by barcode or by product name (saved here first, then synced).",
            discussion: """
                With --upc the product is found on this device or looked up on the server; a code \
                nobody knows becomes your own product when you also give --name. With only --name \
                a product of your own is used or created. Adding the same product to the same \
                location with the same date tops up that item.
                """)

        @OptionGroup var options: PantryOptions
        @Option(help: "The barcode digits.") var upc: String?
        @Option(help: "The product's name (for a product of your own).") var name: String?
        @Option(help: "How many (1–100000).") var quantity: Int = 1
        @Option(help: "Where it goes: a location name (default: Pantry).") var location: String?
        @Option(help: "Expiration date, YYYY-MM-DD.") var expires: String?
        @Option(help: "A note.") var notes: String?

        func validate() throws {
            guard upc != nil || name != nil else { throw ValidationError("Give --upc <code> or --name <product>.") }
        }

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let place = try client.locations.find(location)
                let product: Product
                let result: (item: InventoryItem, merged: Bool)
                if let upc {
                    let added = try await client.inventory.add(
                        upc: upc, customName: name, locationID: place.id, quantity: quantity, expirationDate: expires, notes: notes)
                    (product, result) = (added.product, (added.item, added.merged))
                } else {
                    let wanted = name ?? ""
                    product = try client.products.all().first { $0.name.lowercased() == wanted.lowercased() }
                        ?? client.products.addCustom(name: wanted)
                    result = try client.inventory.add(
                        productID: product.id, locationID: place.id, quantity: quantity, expirationDate: expires, notes: notes)
                }
                try await output.syncAfterWrite(client, for: [EntityKey(.inventory, result.item.id), EntityKey(.product, product.id)])
                let verb = result.merged ? "Topped up" : "Added"
                try output.result(
                    "\(verb) \(product.displayName) in \(place.name): \(result.item.quantity) in stock (\(result.item.id.prefix(8))).",
                    json: encoded(result.item))
            }
        }
    }

    struct Adjust: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an item's quantity by a number, e.g. +2 or -1; at zero it is removed.")

        @OptionGroup var options: PantryOptions
        @Argument(help: "The item: id, product name or UPC.") var item: String
        @Argument(help: "The change, e.g. +2 or -1 (write -- before a negative number: `adjust milk -- -1`).") var change: String

        func run() async throws {
            guard let adjustment = Int(change.hasPrefix("+") ? String(change.dropFirst()) : change), adjustment != 0 else {
                throw ValidationError("The change is a non-zero whole number, e.g. +2 or -1.")
            }
            try await PantrySession.run(options) { client, output in
                let found = try client.inventory.find(item)
                let after = try client.inventory.adjust(itemID: found.id, by: adjustment)
                try await output.syncAfterWrite(client, for: [EntityKey(.inventory, found.id)])
                try output.result(
                    after.map { "Now \($0.quantity) in stock (\($0.id.prefix(8)))." } ?? "None left; the item was removed.",
                    json: after.map(encoded) ?? ["removed": .string(found.id)])
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item from stock entirely.")

        @OptionGroup var options: PantryOptions
        @Argument(help: "The item: id, product name or UPC.") var item: String

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let found = try client.inventory.find(item)
                try client.inventory.remove(itemID: found.id)
                try await output.syncAfterWrite(client, for: [EntityKey(.inventory, found.id)])
                try output.result("Removed \(found.id.prefix(8)).", json: ["removed": .string(found.id)])
            }
        }
    }

    struct Expiring: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Items that expire from today through the next few days, earliest first (works offline).")

        @OptionGroup var options: PantryOptions
        @Option(help: "How many days ahead (1–365).") var days: Int = ExpiringSoon.defaultDays

        func run() async throws {
            try await PantrySession.run(options) { client, output in
                let soon = Set(try client.inventory.expiringSoon(days: days).map(\.id))
                let entries = try client.inventory.entries().filter { soon.contains($0.item.id) }
                    .sorted { ($0.item.expirationDate ?? "", $0.item.id) < ($1.item.expirationDate ?? "", $1.item.id) }
                try output.table(
                    ["id", "product", "upc", "qty", "location", "expires"], entries.map(\.row), json: .array(entries.map(\.jsonValue)),
                    empty: "Nothing expires in the next \(days) day(s).")
            }
        }
    }
}
