import ArgumentParser
import Foundation
import HearthCore
import ListAllKit

/// `--filter` values, in the words of the command line.
enum ItemFilterArgument: String, ExpressibleByArgument, CaseIterable {
    case all, active, completed, withDescription = "with-description", withImages = "with-images"

    var option: ItemFilterOption {
        switch self {
        case .all: .all
        case .active: .active
        case .completed: .completed
        case .withDescription: .hasDescription
        case .withImages: .hasImages
        }
    }
}

/// `--sort` values.
enum ItemSortArgument: String, ExpressibleByArgument, CaseIterable {
    case order, title, created, modified, quantity

    var option: ItemSortOption {
        switch self {
        case .order: .orderNumber
        case .title: .title
        case .created: .createdAt
        case .modified: .modifiedAt
        case .quantity: .quantity
        }
    }
}

struct ListItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "Show a list's items.",
        discussion: """
            Without options the saved view is used (a new account shows active items in \
            their order). --save remembers the options given as the new default view, as \
            choosing them in the app does.
            """)

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Option(help: "Which items: all, active, completed, with-description or with-images.") var filter: ItemFilterArgument?
    @Option(help: "Order by: order, title, created, modified or quantity.") var sort: ItemSortArgument?
    @Flag(help: "Reverse the order.") var descending = false
    @Option(help: "Only items whose title or description contains this text (any case).") var search: String?
    @Flag(help: "Remember --filter, --sort and --descending as the default view.") var save = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let saved = try client.preferences.current()
            var view = ItemViewOptions(preferences: saved)
            if let filter { view.selectFilter(filter.option) }
            if let sort { view.sort = sort.option }
            if descending || sort != nil { view.direction = descending ? .descending : .ascending }
            view.search = search ?? ""
            if save { try await client.preferences.save(view.applied(to: saved)) }
            let (found, items) = try await client.items.items(of: list, view: view)
            try output.table(
                ListOutput.itemHeaders, items.map(ListOutput.row), json: .array(items.map(ListOutput.json)),
                empty: found.items.isEmpty
                    ? "'\(found.name)' has no items. Add one with `hearth list add \"\(found.name)\" TITLE`."
                    : "No items of '\(found.name)' match this view (\(found.itemCount) in all; try --filter all).")
        }
    }
}

struct ListAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an item at the end of a list (an equal item already there is reused).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item's title (1–200 characters).") var title: String
    @Option(help: "A description (up to 50,000 characters).") var description: String?
    @Option(help: "How many (1–9999, default 1).") var quantity: Int = 1
    @Option(name: .customLong("image"), help: "A picture to attach (JPEG is downscaled and compressed); repeat for more, up to 10.")
    var images: [String] = []

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let pictures = try images.map { path -> Data in
                guard let data = FileManager.default.contents(atPath: path) else { throw CommandError("Cannot read the picture \(path).") }
                return data
            }
            let creation = try await client.items.add(
                to: list, title: title, description: description, quantity: quantity, pictures: pictures)
            await output.syncAfterWrite(client)
            try output.result(
                creation.isExisting
                    ? "'\(creation.item.title)' is already on the list; kept that one."
                    : "Added '\(creation.item.title)' (\(creation.item.id.uuidString)).",
                json: ListOutput.json(creation.item))
        }
    }
}

struct ListEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an item's title, description or quantity.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String
    @Option(help: "The new title.") var title: String?
    @Option(help: "The new description (\"\" removes it).") var description: String?
    @Option(help: "The new quantity (1–9999).") var quantity: Int?

    func validate() throws {
        guard title != nil || description != nil || quantity != nil else {
            throw ValidationError("Say what to change: --title, --description or --quantity.")
        }
    }

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let edited = try await client.items.edit(item, in: list, title: title, description: description, quantity: quantity)
            await output.syncAfterWrite(client)
            try output.result("Saved '\(edited.title)'.", json: ListOutput.json(edited))
        }
    }
}

struct ListCrossCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cross", abstract: "Cross an item out (mark it done).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String

    func run() async throws {
        try await ListItemCommand.setCrossedOut(true, item: item, list: list, options: options)
    }
}

struct ListUncrossCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "uncross", abstract: "Bring a crossed-out item back.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String

    func run() async throws {
        try await ListItemCommand.setCrossedOut(false, item: item, list: list, options: options)
    }
}

enum ListItemCommand {
    static func setCrossedOut(_ crossedOut: Bool, item: String, list: String, options: ListOptions) async throws {
        try await ListSession.run(options) { client, output in
            let changed = try await client.items.setCrossedOut(item, in: list, crossedOut)
            await output.syncAfterWrite(client)
            try output.result("'\(changed.title)' is \(crossedOut ? "crossed out" : "open").", json: ListOutput.json(changed))
        }
    }
}

struct ListMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move an item to the end of another list (it keeps its id and pictures).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list it is on: id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String
    @Option(help: "The list to move it to.") var to: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let moved = try await client.items.move(item, in: list, to: to)
            await output.syncAfterWrite(client)
            try output.result("Moved '\(moved.title)' to '\(to)'.", json: ListOutput.json(moved))
        }
    }
}

struct ListCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "copy", abstract: "Copy an item to the end of another list.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list it is on: id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String
    @Option(help: "The list to copy it to.") var to: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let copy = try await client.items.copy(item, in: list, to: to)
            await output.syncAfterWrite(client)
            try output.result("Copied '\(copy.title)' to '\(to)' (\(copy.id.uuidString)).", json: ListOutput.json(copy))
        }
    }
}

struct ListRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete an item with its pictures.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let removed = try await client.items.remove(item, in: list)
            await output.syncAfterWrite(client)
            try output.result("Removed '\(removed.title)'.", json: ListOutput.json(removed))
        }
    }
}

struct ListLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "links", abstract: "Show the links found in an item's title and description.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The item: its id or exact title.") var item: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let links = try await client.items.links(of: item, in: list)
            try output.table(["link"], links.map { [$0] }, json: .array(links.map(JSONValue.string)), empty: "No links in this item.")
        }
    }
}
