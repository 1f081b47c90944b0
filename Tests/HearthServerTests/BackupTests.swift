import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// `hearth backup` and `hearth restore` on a SQLite data directory: one archive, a
/// consistent copy taken while writes go on, and a restore that never touches a directory
/// a server is using.
@Suite struct BackupTests {
    static func directory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "hearth-backup-test-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A data directory with the platform's schema, served by `database`.
    static func dataDirectory(_ label: String) async throws -> (path: String, database: SQLiteDatabase) {
        let path = try directory(label)
        let database = try SQLiteDatabase(path: path + "/" + DatabaseOpener.sqliteFileName)
        try await MigrationRunner(database: database, logger: .quietTestLogger).run(HearthPlatform.platformMigrations)
        return (path, database)
    }

    @Test func anArchiveKeepsEveryByteAndRefusesDamage() throws {
        let folder = try Self.directory("archive")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [(name: String, path: String)] = []
        for (index, size) in [0, 1, 511, 512, 513, 70_000].enumerated() {
            let path = folder + "/in-\(index)"
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }).write(to: URL(fileURLWithPath: path))
            files.append(("file-\(index)", path))
        }
        try BackupArchive.write(files, to: folder + "/a.tar")
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: false)
        #expect(try BackupArchive.extract(folder + "/a.tar", into: folder + "/out") == files.map(\.name))
        for file in files {
            #expect(FileManager.default.contents(atPath: folder + "/out/" + file.name) == FileManager.default.contents(atPath: file.path))
        }
        let whole = try #require(FileManager.default.contents(atPath: folder + "/a.tar"))
        try whole.prefix(700).write(to: URL(fileURLWithPath: folder + "/cut.tar"))
        #expect(throws: BackupArchive.Failure.self) { try BackupArchive.extract(folder + "/cut.tar", into: folder + "/out") }
        var flipped = whole
        flipped[10] ^= 0xFF
        try flipped.write(to: URL(fileURLWithPath: folder + "/flipped.tar"))
        #expect(throws: BackupArchive.Failure.self) { try BackupArchive.extract(folder + "/flipped.tar", into: folder + "/out") }
    }

    @Test func aBackupTakenWhileWritesGoOnIsOneConsistentSnapshot() async throws {
        let (source, database) = try await Self.dataDirectory("source")
        let target = try Self.directory("target")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: target)
        }
        let store = DocumentStore(app: "notes", database: database, clock: SystemWallClock())
        let writes = Task {
            for batch in 0..<60 {
                try await store.write { writer in
                    for index in 0..<10 {
                        try await writer.save(
                            DocumentWrite(
                                id: "note:\(batch)-\(index)", collection: "notes", data: ["n": .int(Int64(index))], access: ["alice"],
                                clientUpdatedAt: Timestamp(millisecondsSince1970: 0), author: "alice"))
                    }
                }
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        let archive = target + "/backup.tar"
        let summary = try ServerBackup.create(dataDirectory: source, archive: archive)
        try await writes.value
        await database.close()
        #expect(summary.files == [DatabaseOpener.sqliteFileName])

        let restoredDirectory = target + "/restored"
        _ = try await ServerBackup.restore(archive: archive, dataDirectory: restoredDirectory)
        let restored = try SQLiteDatabase(path: restoredDirectory + "/" + DatabaseOpener.sqliteFileName)
        let counts = try await restored.read { executor in
            (
                try await executor.queryFirst("SELECT COUNT(*) AS n FROM hearth_documents", [])?.int("n") ?? -1,
                try await executor.queryFirst("SELECT COUNT(*) AS n FROM hearth_feed", [])?.int("n") ?? -1
            )
        }
        await restored.close()
        #expect(counts.0 % 10 == 0, "whole transactions only, never half of one")
        #expect(counts.0 == counts.1, "every document with its feed entry")
    }

    @Test func aRestoreRefusesADirectoryAServerUsesAndKeepsWhatItReplaces() async throws {
        let (source, database) = try await Self.dataDirectory("in-use")
        defer { try? FileManager.default.removeItem(atPath: source) }
        try await database.transaction { executor in
            try await executor.execute("INSERT INTO hearth_server_keys (name, value, created_at) VALUES ('probe', 'x', 0)", [])
        }
        let archive = source + "/../" + UUID().uuidString + ".tar"
        defer { try? FileManager.default.removeItem(atPath: archive) }
        _ = try ServerBackup.create(dataDirectory: source, archive: archive)
        await database.close()

        var serving: DataDirectoryLock? = try DataDirectoryLock.forServer(source)
        await #expect(throws: ServerBackup.Failure.self) { _ = try await ServerBackup.restore(archive: archive, dataDirectory: source) }
        #expect(serving != nil)
        serving = nil
        _ = try await ServerBackup.restore(archive: archive, dataDirectory: source)
        let kept = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasPrefix("hearth.sqlite.replaced-") }
        #expect(!kept.isEmpty, "the database it replaced is kept")
        #expect(DataDirectoryLock.forRestore(source) != nil, "the restore let go of the directory")
    }

    @Test func somethingThatIsNotABackupIsRefused() async throws {
        let folder = try Self.directory("not-a-backup")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: folder + "/hello.txt"))
        try BackupArchive.write([("hello.txt", folder + "/hello.txt")], to: folder + "/other.tar")
        await #expect(throws: ServerBackup.Failure.self) {
            _ = try await ServerBackup.restore(archive: folder + "/other.tar", dataDirectory: folder + "/data")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/data/" + DatabaseOpener.sqliteFileName))
    }
}
