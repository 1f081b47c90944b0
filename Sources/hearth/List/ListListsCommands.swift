import ArgumentParser
import Foundation
import HearthCore
import ListAllKit

struct ListListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Show the active lists in their order (or the archive with --archived).")

    @OptionGroup var options: ListOptions
    @Flag(help: "Show only the archived lists, the most recently archived first.") var archived = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let lists = archived ? try await client.lists.archived() : try await client.lists.active()
            try output.table(
                ListOutput.listHeaders, lists.enumerated().map { ListOutput.row($1, position: archived ? nil : $0) },
                json: .array(lists.map(ListOutput.json)),
                empty: archived ? "The archive is empty." : "No lists yet. Create one with `hearth list create NAME`.")
        }
    }
}

struct ListCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a list at the end of your lists.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list's name (1–100 characters).") var name: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let list = try await client.lists.create(named: name)
            await output.syncAfterWrite(client)
            try output.result("Created '\(list.name)' (\(list.id.uuidString)).", json: ListOutput.json(list))
        }
    }
}

struct ListRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Argument(help: "The new name (1–100 characters).") var name: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let renamed = try await client.lists.rename(list, to: name)
            await output.syncAfterWrite(client)
            try output.result("Renamed to '\(renamed.name)'.", json: ListOutput.json(renamed))
        }
    }
}

struct ListArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Move a list to the archive (what the app calls deleting a list).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let archived = try await client.lists.archive(list)
            await output.syncAfterWrite(client)
            try output.result(
                "Archived '\(archived.name)'. Bring it back with `hearth list restore`, or delete it for good with `hearth list delete`.",
                json: ListOutput.json(archived))
        }
    }
}

struct ListRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring an archived list back.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The archived list: its id or exact name.") var list: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let restored = try await client.lists.restore(list)
            await output.syncAfterWrite(client)
            try output.result("Restored '\(restored.name)'.", json: ListOutput.json(restored))
        }
    }
}

struct ListDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an archived list for good, with its items and images, on every device.")

    @OptionGroup var options: ListOptions
    @Argument(help: "The archived list: its id or exact name (archive it first).") var list: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let deleted = try await client.lists.deletePermanently(list)
            await output.syncAfterWrite(client)
            try output.result("Deleted '\(deleted.name)' and its \(deleted.itemCount) items.", json: ListOutput.json(deleted))
        }
    }
}

struct ListDuplicateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a list with its items, named '<name> Copy' (or Copy 2, Copy 3…).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let copy = try await client.lists.duplicate(list)
            await output.syncAfterWrite(client)
            try output.result("Created '\(copy.name)' with \(copy.itemCount) items.", json: ListOutput.json(copy))
        }
    }
}

struct ListReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder", abstract: "Move a list to another position among the active lists (0 is the top).")

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Option(help: "The new position, counted from 0 (the top).") var to: Int

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let lists = try await client.lists.reorder(list, to: to)
            await output.syncAfterWrite(client)
            try output.table(
                ListOutput.listHeaders, lists.enumerated().map { ListOutput.row($1, position: $0) }, json: .array(lists.map(ListOutput.json)),
                empty: "")
        }
    }
}
