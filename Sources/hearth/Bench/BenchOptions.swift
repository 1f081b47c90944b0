import ArgumentParser
import HearthServer
import HearthStore
import Logging

/// Options every `hearth bench` command takes, and the scratch database they run on.
struct BenchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run on a scratch schema of this PostgreSQL database instead of a temporary SQLite file.", valueName: "url"))
    var databaseURL: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    var logger: Logger {
        var logger = Logger(label: "hearth.bench")
        logger.logLevel = .warning
        return logger
    }

    /// Runs `body` on a fresh scratch database and drops it afterwards, whatever happens.
    func withScratchDatabase<T>(_ body: (ScratchDatabase) async throws -> T) async throws -> T {
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
        do {
            let result = try await body(scratch)
            await scratch.drop()
            return result
        } catch {
            await scratch.drop()
            throw CommandFailure.exit(error, context: "benchmark failed")
        }
    }
}

/// Label/value rows printed under a title, as every bench prints its results.
struct BenchTable {
    var title: String
    var rows: [(String, String)] = []

    mutating func add(_ label: String, _ value: String) { rows.append((label, value)) }

    var rendered: String {
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { label, value in "  " + label.padding(toLength: width + 3, withPad: " ", startingAt: 0) + value }
        return ([title] + lines).joined(separator: "\n")
    }
}

/// Latency percentiles of a list of samples.
struct LatencySamples {
    private(set) var milliseconds: [Double] = []

    mutating func add(_ duration: Duration) { milliseconds.append(duration.seconds * 1000) }
    mutating func add(contentsOf other: LatencySamples) { milliseconds += other.milliseconds }

    var count: Int { milliseconds.count }

    func percentile(_ fraction: Double) -> Double {
        guard !milliseconds.isEmpty else { return 0 }
        let sorted = milliseconds.sorted()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
        return sorted[index]
    }

    /// The slowest sample; 0 when there are none.
    var maximum: Double { milliseconds.max() ?? 0 }
}
