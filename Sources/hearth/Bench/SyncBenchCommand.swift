import ArgumentParser

struct SyncBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "The original sync protocol against delta sync: idle syncs, full pulls, push throughput.",
        discussion: """
            For each --sizes value: one user gets that many items, then a fresh client pulls \
            everything and syncs again while idle, once with delta sync and once with the \
            original protocol (pull all six collections); bytes are request plus response \
            bodies. Then delta pushes of new items in batches of each --batches value, from each \
            --pushers number of clients at once (the items are built before the clock starts).
            """
    )

    @Option(help: "Document counts to measure, comma-separated.")
    var sizes = "1000,10000"

    @Option(help: "Push batch sizes to measure, comma-separated.")
    var batches = "1,100,500"

    @Option(help: "How many clients push at once (each into its own wishlist), comma-separated.")
    var pushers = "1,4"

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard let sizes = Self.numbers(sizes), sizes.allSatisfy({ (1...200_000).contains($0) }) else {
            throw ValidationError("--sizes takes numbers between 1 and 200000, e.g. 1000,10000")
        }
        guard let batches = Self.numbers(batches), batches.allSatisfy({ (1...500).contains($0) }) else {
            throw ValidationError("--batches takes numbers between 1 and 500, e.g. 1,100,500")
        }
        guard let pushers = Self.numbers(pushers), pushers.allSatisfy({ (1...64).contains($0) }) else {
            throw ValidationError("--pushers takes numbers between 1 and 64, e.g. 1,4")
        }
        _ = pushers
        _ = (sizes, batches)
    }

    static func numbers(_ text: String) -> [Int]? {
        let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }

    func run() async throws {
        let sizes = Self.numbers(sizes) ?? []
        let batches = Self.numbers(batches) ?? []
        let pushers = Self.numbers(pushers) ?? [1]
        let options = options
        try await options.withScratchDatabase { scratch in
            let result = try await BenchFixture.run(on: scratch.database, logger: options.logger) { fixture in
                try await SyncBenchmark(fixture: fixture, sizes: sizes, pushBatches: batches, pushers: pushers).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
