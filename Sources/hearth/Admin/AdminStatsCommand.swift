import ArgumentParser
import HearthCore
import HearthServer

struct AdminStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show what the database holds, per app.",
        discussion: """
            For each app: its accounts and how many are disabled, its synced documents per \
            collection (live and deleted, with the bytes of their JSON), and the rows of its \
            own tables; on SQLite also the size of the database. Deleted documents are kept \
            30 days so that offline devices learn of the deletion, then purged.

              hearth admin stats
              hearth admin stats --app wishwithme --json
            """)

    @Option(help: ArgumentHelp("Only this app (default: every app).", valueName: "name"))
    var app: String?
    @Flag(help: "Print JSON instead of tables, for scripts.")
    var json = false
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            let (statistics, location) = try await AdminSession.run(storage) { session in
                let apps = session.apps.filter { app == nil || $0.name == app }
                guard !apps.isEmpty else {
                    throw AdminCommandError("no app named '\(app ?? "")'; choose one of: \(session.apps.map(\.name).joined(separator: ", "))")
                }
                return (
                    try await StorageStatistics.collect(platform: session.platform, apps: apps),
                    StartBanner.storage(of: session.platform.configuration)
                )
            }
            print(json ? Self.json(statistics).serializedString() : Self.text(statistics, storage: location))
        } catch {
            throw AdminCommandError.exit(error, context: "cannot read the statistics")
        }
    }

    static func text(_ statistics: StorageStatistics, storage: String) -> String {
        var lines = ["Storage: \(storage)" + (statistics.databaseBytes.map { ", \(bytes($0))" } ?? "")]
        for app in statistics.apps {
            lines += ["", "\(app.displayName) (\(app.name))"]
            if let accounts = app.accounts {
                lines.append("  accounts: \(accounts)" + (app.disabledAccounts.map { ", \($0) disabled" } ?? ""))
            }
            if !app.collections.isEmpty {
                let rows = app.collections.map { collection in
                    [
                        collection.name, "\(collection.live)", bytes(collection.liveBytes), "\(collection.deleted)",
                        bytes(collection.deletedBytes),
                    ]
                }
                lines.append(indented(TextTable(headers: ["DOCUMENTS", "LIVE", "BYTES", "DELETED", "BYTES"], rows: rows).rendered))
            }
            if !app.tables.isEmpty {
                let rows = app.tables.map { [$0.name, "\($0.rows)"] }
                lines.append(indented(TextTable(headers: ["OWN TABLE", "ROWS"], rows: rows).rendered))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ statistics: StorageStatistics) -> JSONValue {
        [
            "engine": .string(statistics.engine.rawValue),
            "database_bytes": statistics.databaseBytes.map(JSONValue.int) ?? .null,
            "apps": .array(statistics.apps.map { app in
                [
                    "app": .string(app.name), "accounts": app.accounts.map { .int(Int64($0)) } ?? .null,
                    "disabled_accounts": app.disabledAccounts.map { .int(Int64($0)) } ?? .null,
                    "collections": .array(app.collections.map { collection in
                        [
                            "name": .string(collection.name), "live": .int(Int64(collection.live)), "live_bytes": .int(collection.liveBytes),
                            "deleted": .int(Int64(collection.deleted)), "deleted_bytes": .int(collection.deletedBytes),
                        ]
                    }),
                    "tables": .array(app.tables.map { ["name": .string($0.name), "rows": .int(Int64($0.rows))] }),
                ]
            }),
        ]
    }

    /// 1234 → "1.2 kB", in powers of 1000.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
