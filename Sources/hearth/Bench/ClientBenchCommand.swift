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

    @Option(help: ArgumentHelp("Run the server on a scratch schema of this PostgreSQL database instead of a temporary SQLite file.", valueName: "url"))
    var databaseURL: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    func validate() throws {
        guard (1...200_000).contains(documents) else { throw ValidationError("--documents must be between 1 and 200000") }
    }

    func run() async throws {
        var logger = Logger(label: "hearth.bench")
        logger.logLevel = .warning
        let scratch: ScratchDatabase
        do {
            if let databaseURL {
                scratch = try await ScratchDatabase.postgres(url: try PostgresURL(databaseURL), label: "bench", logger: logger)
            } else {
                scratch = try ScratchDatabase.sqlite(label: "hearth-bench")
            }
        } catch {
            throw CommandFailure.exit(error, context: "cannot create the benchmark database")
        }
        let directory = NSTemporaryDirectory() + "hearth-bench-client-" + UUID().uuidString
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let documents = documents
            let result = try await EmbeddedServer.withWishWithMe(on: scratch.database, logger: logger) { baseURL in
                guard let serverURL = URL(string: baseURL) else { throw WishCommandError("bad server address \(baseURL)") }
                return try await ClientBenchmark(serverURL: serverURL, documents: documents, http: http, directory: directory).run()
            }
            try await http.shutdown()
            await scratch.drop()
            try? FileManager.default.removeItem(atPath: directory)
            print(json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        } catch {
            try? await http.shutdown()
            await scratch.drop()
            try? FileManager.default.removeItem(atPath: directory)
            throw CommandFailure.exit(error, context: "benchmark failed")
        }
    }
}
