import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishBookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks", abstract: "Wishlists you opened through links; --remove forgets one (access stays).")

    @OptionGroup var options: WishOptions
    @Option(help: "Remove this bookmark (id, short id or wishlist name).") var remove: String?

    func run() async throws {
        try await WishSession.run(options) { client, output in
            if let remove {
                try await client.bookmarks.remove(remove)
                await output.syncAfterWrite(client)
                try output.result("Removed the bookmark.", json: ["removed": .string(remove)])
                return
            }
            let bookmarks = try client.bookmarks.list()
            try output.table(
                ["id", "wishlist", "owner", "opened"],
                bookmarks.map { [$0.shortID, $0.wishlistName, $0.ownerName, $0.lastAccessedAt ?? $0.createdAt] },
                json: .array(bookmarks.map(\.jsonValue)), empty: "No bookmarks. Open a friend's link with `hearth wish open <link>`.")
        }
    }
}
