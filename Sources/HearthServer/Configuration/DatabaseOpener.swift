import Foundation
import HearthCore
import HearthStore
import Logging

/// Opens the database a configuration names, with errors phrased for the person running
/// the server.
public enum DatabaseOpener {
    public static let sqliteFileName = "hearth.sqlite"

    /// Creates the data directory if needed and checks it is writable.
    public static func prepareDataDirectory(_ path: String) throws(ConfigurationError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ConfigurationError(setting: "data directory", message: "\(path) exists and is not a directory")
            }
        } else {
            do {
                try files.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ConfigurationError(setting: "data directory", message: "cannot create \(path); choose another with --data-dir")
            }
        }
        guard files.isWritableFile(atPath: path), files.isReadableFile(atPath: path) else {
            throw ConfigurationError(setting: "data directory", message: "\(path) is not readable and writable by this user; fix its permissions or choose another with --data-dir")
        }
    }

    /// SQLite in the data directory, or PostgreSQL when `databaseURL` is set (checked
    /// reachable before returning).
    public static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> any HearthDatabase {
        guard let urlText = configuration.databaseURL else {
            let path = (configuration.dataDirectory as NSString).appendingPathComponent(sqliteFileName)
            do {
                return try SQLiteDatabase(path: path)
            } catch {
                throw ConfigurationError(setting: "data directory", message: "cannot open \(path): \(error)")
            }
        }
        let url: PostgresURL
        do {
            url = try PostgresURL(urlText)
        } catch {
            throw ConfigurationError(setting: "database URL", message: "\(error)")
        }
        // PostgresNIO reports every failed connection attempt at info level; keep only real trouble.
        var poolLogger = logger
        poolLogger.logLevel = max(logger.logLevel, .error)
        let database = PostgresDatabase(url: url, logger: poolLogger)
        do {
            try await database.checkHealth()
        } catch {
            await database.close()
            throw StoreError.unreachable("PostgreSQL at \(url.redacted) does not answer; is the server running and the URL right?")
        }
        return database
    }
}
