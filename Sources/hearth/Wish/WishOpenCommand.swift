import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a friend's link: their wishlist is added to yours and kept in sync (needs the server).",
        discussion: "Accepts https://…/s/<token>, wishwithme://s/<token> or the bare token.")

    @OptionGroup var options: WishOptions
    @Argument(help: "The share link or token.") var link: String

    func run() async throws {
        try await WishSession.run(options) { client, output in
            let opened = try await client.shares.open(link)
            let name = opened.wishlist?.name ?? opened.bookmark?.wishlistName ?? opened.wishlistID
            let owner = opened.bookmark?.ownerName ?? "its owner"
            try output.result(
                "Opened '\(name)' from \(owner). "
                    + (opened.canMark ? "You can mark items: `hearth wish mark <item>`." : "This link lets you view it only."),
                json: ["wishlist_id": .string(opened.wishlistID), "can_mark": .bool(opened.canMark), "name": .string(name)])
        }
    }
}
