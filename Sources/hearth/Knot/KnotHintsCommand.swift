import ArgumentParser
import Foundation
import HearthCore
import KnotKit

struct KnotHintsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hints", abstract: "Things your partner let slip, which shape the ideas Knot finds.",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The hints, newest first.")

        @OptionGroup var options: KnotOptions
        @Option(help: "How many to show (1–100).") var limit = 50
        @Option(help: "How many of the newest to skip.") var offset = 0

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                let page = try await client.hints.list(limit: limit, offset: offset)
                try output.table(
                    ["id", "added", "hint"], page.hints.map { [$0.id, String($0.createdAt.prefix(10)), $0.hintText] },
                    json: encoded(page), empty: "No hints yet. Add one with `hearth knot hints add \"…\"`.")
                if !output.json && page.total > offset + page.hints.count {
                    output.note("Showing \(page.hints.count) of \(page.total); see more with --offset \(offset + page.hints.count).")
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remember a hint (up to 500 characters).")

        @OptionGroup var options: KnotOptions
        @Argument(help: "What they said or did, e.g. \"She keeps talking about a pottery class\".") var text: String
        @Flag(help: "The hint was dictated (voice transcription).") var voice = false

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                let hint = try await client.hints.add(text, source: voice ? .voiceTranscription : .textInput)
                try output.result("Added hint \(hint.id).", json: encoded(hint))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a hint for good.")

        @OptionGroup var options: KnotOptions
        @Argument(help: "The hint's id (see `hearth knot hints`).") var id: String

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                try await client.hints.remove(id: id)
                try output.result("Removed hint \(id).", json: ["removed": .string(id)])
            }
        }
    }
}
