import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishWishlistsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wishlists", abstract: "List, create, edit and delete wishlists.",
        subcommands: [List.self, Create.self, Edit.self, Delete.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Your wishlists and the ones shared with you (from this device; works offline).")

        @OptionGroup var options: WishOptions

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let mine = try await client.wishlists.mine()
                let shared = try await client.wishlists.sharedWithMe()
                let bookmarks = try client.bookmarks.list()
                var rows: [[String]] = []
                for wishlist in mine {
                    rows.append([wishlist.shortID, wishlist.name, "mine", String(try client.items.list(in: wishlist).count)])
                }
                for wishlist in shared {
                    let owner = bookmarks.first { $0.wishlistID == wishlist.id }?.ownerName ?? "someone"
                    rows.append([wishlist.shortID, wishlist.name, "from \(owner)", String(try client.items.list(in: wishlist).count)])
                }
                try output.table(
                    ["id", "name", "owner", "items"], rows, json: .array((mine + shared).map(\.jsonValue)),
                    empty: "No wishlists yet. Create one with `hearth wish wishlists create \"Birthday\"`.")
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a wishlist (saved locally first, then synced).")

        @OptionGroup var options: WishOptions
        @Argument(help: "Its name (1–100 characters).") var name: String
        @Option(help: "A description (up to 500 characters).") var description: String?
        @Option(help: "A Material icon name (default: card_giftcard).") var icon: String = Wishlist.defaultIcon
        @Option(help: "primary, red, pink, purple, deep-purple, indigo, blue, cyan, teal, green, orange or brown.")
        var color: String = Wishlist.defaultIconColor

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let wishlist = try await client.wishlists.create(name: name, description: description, icon: icon, iconColor: color)
                await output.syncAfterWrite(client)
                try output.result("Created wishlist '\(wishlist.name)' (\(wishlist.shortID)).", json: wishlist.jsonValue)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a wishlist's name, description, icon or color.")

        @OptionGroup var options: WishOptions
        @Argument(help: "The wishlist: its id, short id or name.") var wishlist: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new description (\"\" removes it).") var description: String?
        @Option(help: "A new icon.") var icon: String?
        @Option(help: "A new color.") var color: String?

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let edited = try await client.wishlists.edit(wishlist) { wishlist in
                    if let name { wishlist.name = name }
                    if let description { wishlist.description = description.isEmpty ? nil : description }
                    if let icon { wishlist.icon = icon }
                    if let color { wishlist.iconColor = color }
                }
                await output.syncAfterWrite(client)
                try output.result("Updated wishlist '\(edited.name)'.", json: edited.jsonValue)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one of your wishlists and its items.")

        @OptionGroup var options: WishOptions
        @Argument(help: "The wishlist: its id, short id or name.") var wishlist: String

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let found = try client.wishlists.find(wishlist)
                try await client.wishlists.delete(found.id)
                await output.syncAfterWrite(client)
                try output.result("Deleted wishlist '\(found.name)'.", json: ["deleted": .string(found.id)])
            }
        }
    }
}
