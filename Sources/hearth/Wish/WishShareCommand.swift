import ArgumentParser
import HearthCore
import WishWithMeKit

struct WishShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Create, list and revoke links to your wishlists.",
        subcommands: [Create.self, List.self, Revoke.self], defaultSubcommand: List.self)

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a link friends open with `hearth wish open <link>` (needs the server).")

        @OptionGroup var options: WishOptions
        @Argument(help: "The wishlist: its id, short id or name.") var wishlist: String
        @Flag(help: "--mark lets friends mark what they will buy (default); --view only shows the list.")
        var access: ShareLinkType = .mark
        @Option(help: "Days until the link stops working (1–365; default: never).") var expiresInDays: Int?

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let found = try client.wishlists.find(wishlist)
                let link = try await client.shares.create(for: found, linkType: access, expiresInDays: expiresInDays)
                try output.result(
                    "\(link.linkType == .mark ? "Mark" : "View") link to '\(found.name)': \(link.shareURL)",
                    json: try JSONValueEncoder().encode(link))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your live links (from this device).")

        @OptionGroup var options: WishOptions
        @Argument(help: "Only the links of this wishlist.") var wishlist: String?

        func run() async throws {
            try await WishSession.run(options) { client, output in
                let filter = try wishlist.map { try client.wishlists.find($0) }
                let shares = try client.shares.list(for: filter)
                let names = Dictionary(try client.wishlists.all().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                try output.table(
                    ["id", "wishlist", "type", "opened by", "expires", "token"],
                    shares.map { share in
                        [share.shortID, names[share.wishlistID] ?? share.wishlistID, share.linkType.rawValue,
                         String(share.grantedUsers.count), share.expiresAt ?? "never", share.token]
                    }, json: .array(shares.map(\.jsonValue)),
                    empty: "No links. Create one with `hearth wish share create <wishlist>`.")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a link: everyone who opened it loses the wishlist at their next sync (needs the server).")

        @OptionGroup var options: WishOptions
        @Argument(help: "The link: its id, short id or token.") var link: String

        func run() async throws {
            try await WishSession.run(options) { client, output in
                try await client.shares.revoke(link)
                try output.result("Revoked the link.", json: ["revoked": .string(link)])
            }
        }
    }
}

extension ShareLinkType: EnumerableFlag {}

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
