import ArgumentParser
import Foundation
import HearthServer
import HearthStore

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the SQLite database and the data directory's keys into one file, while the server runs.",
        discussion: """
            The database is copied with SQLite's online backup API: one consistent snapshot, \
            taken while the server goes on serving. The file is a tar archive (`tar -tf FILE` \
            lists it). Restore it with `hearth restore FILE`. On PostgreSQL this prints the \
            pg_dump command to use instead.
            """)

    @OptionGroup var storage: StorageOptions
    @Argument(help: "The backup file to write, e.g. hearth-backup.tar.") var file: String

    func run() async throws {
        var overrides = ServerConfiguration.Overrides()
        storage.apply(to: &overrides)
        do {
            let configuration = try ServerConfiguration.resolve(overrides)
            if let url = configuration.databaseURL {
                throw PostgresBackupAdvice(url: url, restoring: false)
            }
            let summary = try ServerBackup.create(dataDirectory: configuration.dataDirectory, archive: file)
            print("Backed up \(summary.files.joined(separator: ", ")) to \(file) (\(summary.bytes) bytes).")
        } catch let advice as PostgresBackupAdvice {
            FileHandle.standardError.write(Data("\(advice)\n".utf8))
            throw ExitCode(2)
        } catch {
            throw CommandFailure.exit(error, context: "cannot back up")
        }
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup made by `hearth backup` into a data directory no server is using.",
        discussion: """
            Refuses while a hearth server runs on the data directory. The database it \
            replaces is kept beside it as hearth.sqlite.replaced-<time>. Users, data and \
            signed-in sessions from the time of the backup come back; every client's sync \
            cursor from before the restore is answered 410, so each client fetches \
            everything again instead of missing changes.
            """)

    @OptionGroup var storage: StorageOptions
    @Argument(help: "The backup file to restore.") var file: String?
    @Flag(help: "On PostgreSQL, after pg_restore: make every client resync (no file needed).") var afterPgRestore = false

    func validate() throws {
        guard afterPgRestore || file != nil else { throw ValidationError("Name the backup file to restore, e.g. hearth restore hearth-backup.tar") }
    }

    func run() async throws {
        var overrides = ServerConfiguration.Overrides()
        storage.apply(to: &overrides)
        do {
            let configuration = try ServerConfiguration.resolve(overrides)
            if afterPgRestore {
                guard configuration.databaseURL != nil else {
                    throw ValidationError("--after-pg-restore is for PostgreSQL; pass --database-url (a SQLite restore does this itself)")
                }
                let database = try await DatabaseOpener.open(configuration, logger: LogOutput.start(level: .warning))
                try await FeedRestart.afterRestore(database, apps: try AppCatalog.available().map(\.name))
                await database.close()
                print("Every client's sync cursor from before the restore now answers 410; clients resync on their next sync.")
                return
            }
            if let url = configuration.databaseURL {
                throw PostgresBackupAdvice(url: url, restoring: true)
            }
            guard let file else { return }
            let summary = try await ServerBackup.restore(
                archive: file, dataDirectory: configuration.dataDirectory, apps: try AppCatalog.available().map(\.name))
            print(
                "Restored \(summary.files.joined(separator: ", ")) into \(configuration.dataDirectory). Start the server with `hearth serve`; clients resync on their next sync.")
        } catch let advice as PostgresBackupAdvice {
            FileHandle.standardError.write(Data("\(advice)\n".utf8))
            throw ExitCode(2)
        } catch {
            throw CommandFailure.exit(error, context: "cannot restore")
        }
    }
}

/// On PostgreSQL, backups are PostgreSQL's: the exact commands, and what else to keep.
struct PostgresBackupAdvice: Error, CustomStringConvertible {
    let url: String
    let restoring: Bool

    var description: String {
        let shown = (try? PostgresURL(url).redacted) ?? "<your database URL>"
        let steps =
            restoring
            ? """
            To restore on PostgreSQL, stop every hearth process, then run
              pg_restore --clean --if-exists --no-owner --dbname '\(shown)' hearth.dump
              hearth restore --after-pg-restore --database-url '\(shown)'
            The second command makes every client's sync cursor from before the restore answer             410, so each client resyncs instead of missing changes. Then start hearth again.
            """
            : """
            To back up on PostgreSQL, run
              pg_dump --format=custom --file hearth.dump '\(shown)'
            (while hearth runs; the dump is one consistent snapshot).
            """
        return """
            hearth backup/restore work on the SQLite data directory; this server uses PostgreSQL.
            \(steps)
            The signing secret is in the database (table hearth_server_keys), so the dump holds it. \
            Keep HEARTH_SIGNING_SECRET or the --signing-secret-file if you set one; nothing in the \
            data directory needs copying.
            """
    }
}
