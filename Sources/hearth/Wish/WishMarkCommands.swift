import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishMarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark an item on a friend's wishlist as one you will buy (the owner never sees it).")

    @OptionGroup var options: WishOptions
    @Argument(help: "The item: its id, short id or title.") var item: String
    @Option(help: "How many you will buy.") var quantity: Int = 1

    func run() async throws {
        try await WishSession.run(options) { client, output in
            let found = try client.items.find(item)
            let wishlist = try client.wishlists.find(found.wishlistID)
            let mark = try await client.marks.mark(found, in: wishlist, quantity: quantity)
            await output.syncAfterWrite(client)
            try output.result("Marked \(mark.quantity) × '\(found.title)'.", json: mark.jsonValue)
        }
    }
}

struct WishUnmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmark", abstract: "Remove your mark from an item.")

    @OptionGroup var options: WishOptions
    @Argument(help: "The item: its id, short id or title.") var item: String

    func run() async throws {
        try await WishSession.run(options) { client, output in
            let found = try client.items.find(item)
            guard try await client.marks.unmark(found) else {
                throw WishCommandError("You have not marked '\(found.title)'.")
            }
            await output.syncAfterWrite(client)
            try output.result("Unmarked '\(found.title)'.", json: ["unmarked": .string(found.id)])
        }
    }
}
