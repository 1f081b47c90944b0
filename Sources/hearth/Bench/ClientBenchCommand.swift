import ArgumentParser
import AsyncHTTPClient
import Foundation
import HearthServer
import HearthStore
import Logging

struct ClientBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "What the client SDK costs: local writes, push, pull from empty, idle sync.",
        discussion: """
            Starts a Wish With Me server on a loopback port with a scratch database, writes \
            --documents items on one client and pushes them, then times a fresh client \
            pulling everything (and, separately, applying it to its store), the bytes of an \
            idle delta sync, and the same with the original apps' legacy protocol.
            """
    )

    @Option(help: "Items to write, push and pull.")
    var documents = 10_000

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (1...200_000).contains(documents) else { throw ValidationError("--documents must be between 1 and 200000") }
    }

    func run() async throws {
        let documents = documents
        let options = options
        try await options.withScratchDatabase { scratch in
            let result = try await BenchFixture.run(on: scratch.database, logger: options.logger) { fixture in
                try await ClientBenchmark(fixture: fixture, documents: documents).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
