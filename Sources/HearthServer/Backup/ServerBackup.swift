import Foundation
import HearthCore
import HearthStore

/// Backups of a SQLite data directory: the database copied online (while the server
/// runs, through SQLite's backup API) and the key files of the directory, in one archive
/// (``BackupArchive``); and their restore, which refuses a directory a server is using.
///
/// A restored server serves the same users and data; tokens signed before the backup stay
/// valid (the signing secret is in the database); every sync cursor handed out before the
/// restore answers `410` so its client resyncs (``FeedRestart``).
public enum ServerBackup {
    static let manifestName = "manifest.json"
    /// Key files of a data directory older than keys in the database (see SigningSecret).
    static let keyFiles = ["signing-secret"]

    public struct Summary: Sendable {
        public let archive: String
        public let bytes: Int
        public let files: [String]
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes a backup of the SQLite database and key files of `dataDirectory` to `archive`.
    public static func create(dataDirectory: String, archive: String, clock: any WallClock = SystemWallClock()) throws -> Summary {
        let database = (dataDirectory as NSString).appendingPathComponent(DatabaseOpener.sqliteFileName)
        guard FileManager.default.fileExists(atPath: database) else {
            throw Failure(description: "there is no database at \(database); check --data-dir")
        }
        let staging = try temporaryDirectory(near: archive)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let copy = (staging as NSString).appendingPathComponent(DatabaseOpener.sqliteFileName)
        try SQLiteBackup.copy(from: database, to: copy)
        var files = [(name: DatabaseOpener.sqliteFileName, path: copy)]
        for name in keyFiles {
            let path = (dataDirectory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { files.append((name, path)) }
        }
        let manifest: JSONValue = [
            "format": "hearth-backup", "version": 1, "hearth": .string(HearthVersion.current),
            "created_at": .string(clock.now.iso8601), "engine": "sqlite", "files": .array(files.map { .string($0.name) }),
        ]
        let manifestPath = (staging as NSString).appendingPathComponent(manifestName)
        try Data(manifest.serialized()).write(to: URL(fileURLWithPath: manifestPath))
        try BackupArchive.write([(manifestName, manifestPath)] + files, to: archive)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: archive)[.size] as? NSNumber)?.intValue ?? 0
        return Summary(archive: archive, bytes: bytes, files: files.map(\.name))
    }

    /// Replaces the database (and key files) of `dataDirectory` with the backup's. The
    /// database it replaces is kept beside it as `hearth.sqlite.replaced-<time>`.
    /// `apps` names every app the server serves (see ``FeedRestart``).
    public static func restore(
        archive: String, dataDirectory: String, apps: [String] = [], clock: any WallClock = SystemWallClock()
    ) async throws -> Summary {
        try DatabaseOpener.prepareDataDirectory(dataDirectory)
        guard let lock = DataDirectoryLock.forRestore(dataDirectory) else {
            throw Failure(description: "a hearth server is running on \(dataDirectory); stop it first, or restore into another --data-dir")
        }
        let staging = (dataDirectory as NSString).appendingPathComponent(".restore-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let names = try BackupArchive.extract(archive, into: staging)
        guard names.first == manifestName, names.contains(DatabaseOpener.sqliteFileName),
            let manifest = FileManager.default.contents(atPath: (staging as NSString).appendingPathComponent(manifestName)),
            (try? JSONParser().parse(Array(manifest)))?["format"] == "hearth-backup"
        else { throw Failure(description: "\(archive) is not a Hearth backup (made by `hearth backup`)") }
        let restored = (staging as NSString).appendingPathComponent(DatabaseOpener.sqliteFileName)
        guard SQLiteBackup.isIntact(restored) else { throw Failure(description: "the database in \(archive) is damaged") }

        let database = (dataDirectory as NSString).appendingPathComponent(DatabaseOpener.sqliteFileName)
        let stamp = clock.now.iso8601.replacingOccurrences(of: ":", with: "")
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.moveItem(atPath: database + suffix, toPath: database + ".replaced-\(stamp)" + suffix)
        }
        try FileManager.default.moveItem(atPath: restored, toPath: database)
        for name in keyFiles where names.contains(name) {
            let target = (dataDirectory as NSString).appendingPathComponent(name)
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.moveItem(atPath: (staging as NSString).appendingPathComponent(name), toPath: target)
        }
        let opened = try SQLiteDatabase(path: database)
        try await FeedRestart.afterRestore(opened, apps: apps)
        await opened.close()
        withExtendedLifetime(lock) {}
        return Summary(archive: archive, bytes: 0, files: names.filter { $0 != manifestName })
    }

    private static func temporaryDirectory(near path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        let directory = (parent as NSString).appendingPathComponent(".hearth-backup-\(UUID().uuidString.lowercased())")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot write next to \(path); check the directory and its permissions")
        }
        return directory
    }
}
