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
