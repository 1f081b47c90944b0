import ArgumentParser

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Hearth's speed on this machine and print the figures.",
        discussion: """
            Each benchmark makes its own temporary database (a SQLite file, or a scratch \
            schema in the PostgreSQL named by --database-url) and deletes it afterwards; \
            `clients` and `http` can instead load a `hearth serve` in another process (--server). \
            Build in release mode for meaningful numbers: swift run -c release hearth bench feed
            """,
        subcommands: [
            FeedBenchCommand.self, SyncBenchCommand.self, HTTPBenchCommand.self, ClientsBenchCommand.self, ClientBenchCommand.self,
            PantryBenchCommand.self, ListAllBenchCommand.self, ResolveBenchCommand.self, KnotBenchCommand.self,
            RushDayBenchCommand.self,
        ]
    )
}
