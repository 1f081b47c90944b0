import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "List, add, edit and delete the items of a wishlist.",
        subcommands: [List.self, Add.self, Edit.self, Delete.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A wishlist's items; on friends' wishlists, what is still free to mark (from this device).")

        @OptionGroup var options: WishOptions
        @Argument(help: "The wishlist: its id, short id or name.") var wishlist: String

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let found = try client.wishlists.find(wishlist)
                let me = await client.account.signedInUserID
                let items = try client.items.list(in: found)
                let tallies = found.ownerID == me ? [:] : try await client.marks.tallies(of: items, in: found)
                var rows: [[String]] = []
                var values: [JSONValue] = []
                for item in items {
                    var value = item.jsonValue
                    var row = [item.shortID, item.title, item.price.map { Self.price($0, item.currency) } ?? "", String(item.quantity), item.status.rawValue]
                    if let tally = tallies[item.id] {
                        row.append(tally.isFullyMarked ? "taken" : "\(tally.available) free")
                        row.append(tally.markedByViewer > 0 ? "you: \(tally.markedByViewer)" : "")
                        value["marked"] = .int(Int64(tally.totalMarked))
                        value["marked_by_me"] = .int(Int64(tally.markedByViewer))
                    }
                    rows.append(row)
                    values.append(value)
                }
                var headers = ["id", "title", "price", "qty", "status"]
                if found.ownerID != me { headers += ["marks", "mine"] }
                try output.table(
                    headers, rows, json: .array(values),
                    empty: "'\(found.name)' has no items yet. Add one with `hearth wish items add \"\(found.name)\" --url <link>`.")
            }
        }

        static func price(_ amount: Double, _ currency: String?) -> String {
            let number = amount.rounded() == amount ? String(Int64(amount)) : String(format: "%.2f", amount)
            return currency.map { "\(number) \($0)" } ?? number
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an item by link (the server fills in title, price and picture) or by hand.",
            discussion: """
                hearth wish items add Birthday --url https://shop.example/kettle
                hearth wish items add Birthday --title "Blue kettle" --price 25 --currency EUR
                """)

        @OptionGroup var options: WishOptions
        @Argument(help: "The wishlist: its id, short id or name.") var wishlist: String
        @Option(help: "A shop page; the item stays 'pending' until the server has read it.") var url: String?
        @Option(help: "The title of an item you describe yourself.") var title: String?
        @Option(help: "A description.") var description: String?
        @Option(help: "The price.") var price: Double?
        @Option(help: "A 3-letter currency code, e.g. EUR.") var currency: String?
        @Option(help: "How many you want.") var quantity: Int = 1

        func validate() throws {
            guard (url == nil) != (title == nil) else { throw ValidationError("Give either --url or --title.") }
        }

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let found = try client.wishlists.find(wishlist)
                let draft: ItemDraft
                do {
                    draft = try url.map { try ItemDraft.link($0) }
                        ?? ItemDraft.manual(title: title ?? "", description: description, price: price, currency: currency, quantity: quantity)
                } catch {
                    throw WishCommandError(String(describing: error))
                }
                let item = try await client.items.add(draft, to: found)
                await output.syncAfterWrite(client)
                try output.result("Added '\(item.title)' (\(item.shortID)) to '\(found.name)'.", json: item.jsonValue)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change one of your items.")

        @OptionGroup var options: WishOptions
        @Argument(help: "The item: its id, short id or title.") var item: String
        @Option(help: "A new title.") var title: String?
        @Option(help: "A new description (\"\" removes it).") var description: String?
        @Option(help: "A new price.") var price: Double?
        @Option(help: "A new currency.") var currency: String?
        @Option(help: "A new quantity.") var quantity: Int?

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let edited = try await client.items.edit(item) { item in
                    if let title { item.title = title }
                    if let description { item.description = description.isEmpty ? nil : description }
                    if let price { item.price = price }
                    if let currency { item.currency = currency.uppercased() }
                    if let quantity { item.quantity = quantity }
                }
                await output.syncAfterWrite(client)
                try output.result("Updated '\(edited.title)'.", json: edited.jsonValue)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one of your items.")

        @OptionGroup var options: WishOptions
        @Argument(help: "The item: its id, short id or title.") var item: String

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let found = try client.items.find(item)
                try await client.items.delete(found.id)
                await output.syncAfterWrite(client)
                try output.result("Deleted '\(found.title)'.", json: ["deleted": .string(found.id)])
            }
        }
    }
}
