import ArgumentParser
import Foundation
import HearthCore
import HearthStore
import KnotServer
import Logging

struct KnotBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knot",
        abstract: "Knot: how long a recommendation takes, with and without its outside services, and the daily milestone sweep.",
        discussion: """
            Starts a Knot server on loopback over a scratch database, signs up, saves the \
            example vault (New York, five interests, two milestones) and times --runs calls \
            of POST /api/v1/recommendations/generate (after 3 untimed warm-up calls):

              - with every outside service unconfigured and reservation links off, so only \
            the stub catalogue answers;
              - with the six Tier 2 services configured (Yelp, Ticketmaster, Amazon, Shopify \
            and Firecrawl answered by fakes on loopback, reservation links on);
              - with Tier 1 configured too (Brave search and the Anthropic API, also fakes); \
            Tier 2 is then not asked, as the engine only falls back to it without Tier 1 ideas;
              - for a second vault holding --hints hints, added over HTTP first (Stage 1 \
            compares the query with every one of them).

            The fakes answer at once, so those rows show the engine's own cost, not the \
            services'. Last, --vaults users with a vault and two yearly milestones each are \
            written straight into the database, and the milestone.sweep job runs twice: \
            the first run queues their reminders, the second finds nothing to add.

            Progress goes to standard error. Build in release mode for meaningful numbers:

              swift run -c release hearth bench knot
              hearth bench knot --runs 20 --hints 500 --vaults 1000
              hearth bench knot --database-url postgres://localhost/hearth --json
            """
    )

    @Option(help: "Timed generate calls per row.") var runs = 100

    @Option(help: "Hints in the large vault (0 leaves that row out).") var hints = 10_000

    @Option(help: "Vaults, of two milestones each, for the milestone sweep (0 leaves it out).") var vaults = 10_000

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (1...10_000).contains(runs) else { throw ValidationError("--runs takes a number between 1 and 10000") }
        guard (0...200_000).contains(hints) else { throw ValidationError("--hints takes a number between 0 and 200000") }
        guard (0...1_000_000).contains(vaults) else { throw ValidationError("--vaults takes a number between 0 and 1000000") }
    }

    struct Result: Encodable, Sendable {
        var engine: String
        var unconfigured: KnotBenchmark.Latency
        var tier2: KnotBenchmark.Latency
        var tier1: KnotBenchmark.Latency
        var hintLoad: KnotBenchmark.HintLoad?
        var withHints: KnotBenchmark.Latency?
        var sweep: KnotSweepBenchmark.Result?

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        var table: String {
            var table = BenchTable(title: "Knot on \(engine): POST /api/v1/recommendations/generate, \(unconfigured.runs) runs per row")
            table.add("generate, integrations unconfigured", unconfigured.summary)
            table.add("generate, Tier 2 fakes answering", tier2.summary)
            table.add("  outside calls per generate; sources", String(format: "%.1f; ", tier2.outsideCallsPerRun) + tier2.sourceList)
            table.add("generate, Tier 1 fakes answering", tier1.summary)
            table.add("  outside calls per generate; sources", String(format: "%.1f; ", tier1.outsideCallsPerRun) + tier1.sourceList)
            if let hintLoad, let withHints {
                table.add(
                    "adding \(hintLoad.hints) hints over HTTP",
                    String(format: "%.1f s (%.0f hints/s)", hintLoad.seconds, Double(hintLoad.hints) / max(hintLoad.seconds, 0.001)))
                table.add("generate, vault with \(hintLoad.hints) hints", withHints.summary)
            }
            if let sweep {
                table.add(
                    "writing \(sweep.vaults) vaults, \(sweep.milestones) milestones (SQL)", String(format: "%.1f s", sweep.seedSeconds))
                table.add(
                    "milestone sweep, first run",
                    String(format: "%.2f s, %d reminders added", sweep.firstRunSeconds, sweep.firstRunRemindersAdded))
                table.add(
                    "milestone sweep, second run",
                    String(format: "%.2f s, %d reminders added", sweep.secondRunSeconds, sweep.secondRunRemindersAdded))
            }
            return table.rendered
        }
    }

    func run() async throws {
        let (runs, hints, vaults, options) = (runs, hints, vaults, options)
        let logger = options.logger
        try await options.withScratchDatabase { scratch in
            let database = scratch.database
            var result = try await KnotFakeServices.run(logger: logger) { fakes in
                let plain = try await EmbeddedServer.with(KnotApp(settings: Self.settings(fakes: nil)), on: database, logger: logger) { base in
                    let bench = KnotBenchmark(baseURL: base, runs: runs)
                    return try await bench.withCall { call in
                        let token = try await KnotBenchmark.account(call, label: "plain")
                        let unconfigured = try await bench.generate(call, token: token, label: "unconfigured")
                        guard hints > 0 else { return (unconfigured, KnotBenchmark.HintLoad?.none, KnotBenchmark.Latency?.none) }
                        let hinted = try await KnotBenchmark.account(call, label: "hints")
                        let load = try await bench.addHints(call, token: hinted, count: hints)
                        return (unconfigured, load, try await bench.generate(call, token: hinted, label: "\(hints) hints"))
                    }
                }
                let tier2 = try await Self.generate(
                    settings: Self.settings(fakes: fakes), label: "Tier 2", runs: runs, database: database, logger: logger)
                let tier1 = try await Self.generate(
                    settings: Self.settings(fakes: fakes, tier1: true), label: "Tier 1", runs: runs, database: database, logger: logger)
                return Result(
                    engine: database.dialect.rawValue, unconfigured: plain.0, tier2: tier2, tier1: tier1, hintLoad: plain.1, withHints: plain.2)
            }
            if vaults > 0 {
                result.sweep = try await KnotSweepBenchmark(database: database, vaults: vaults, logger: logger).run()
            }
            print(options.json ? result.json : result.table)
        }
    }

    /// Generate latencies of a fresh account on a server with `settings`.
    static func generate(
        settings: KnotSettings, label: String, runs: Int, database: any HearthDatabase, logger: Logger
    ) async throws -> KnotBenchmark.Latency {
        try await EmbeddedServer.with(KnotApp(settings: settings), on: database, logger: logger) { base in
            let bench = KnotBenchmark(baseURL: base, runs: runs)
            return try await bench.withCall { call in
                let account = label.lowercased().replacingOccurrences(of: " ", with: "")
                return try await bench.generate(call, token: try await KnotBenchmark.account(call, label: account), label: label)
            }
        }
    }

    /// Everything unconfigured and reservation links off (`fakes == nil`), or every Tier 2
    /// service pointed at the fakes and reservation links on, plus Tier 1 when asked.
    static func settings(fakes: String?, tier1: Bool = false) -> KnotSettings {
        var settings = KnotSettings()
        guard let fakes else {
            settings.integrations.reservationURLsEnabled = false
            return settings
        }
        var integrations = settings.integrations
        integrations.reservationURLsEnabled = true
        integrations.yelpAPIKey = "bench-yelp"
        integrations.yelpBaseURL = fakes
        integrations.ticketmasterAPIKey = "bench-ticketmaster"
        integrations.ticketmasterBaseURL = fakes
        integrations.amazonAccessKey = "bench-access"
        integrations.amazonSecretKey = "bench-secret"
        integrations.amazonAssociateTag = "bench-20"
        integrations.amazonBaseURL = fakes
        integrations.shopifyStorefrontToken = "bench-shopify"
        integrations.shopifyStoreDomain = String(fakes.dropFirst("http://".count))
        integrations.shopifyScheme = "http"
        integrations.firecrawlAPIKey = "bench-firecrawl"
        integrations.firecrawlBaseURL = fakes
        if tier1 {
            integrations.braveSearchAPIKey = "bench-brave"
            integrations.braveBaseURL = fakes
            integrations.anthropicAPIKey = "bench-anthropic"
            integrations.anthropicBaseURL = fakes
        }
        settings.integrations = integrations
        return settings
    }
}
