import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is using a data directory: every running server holds a shared lock on its
/// `hearth.lock`, and a restore takes it exclusively, so a restore never replaces the
/// database under a running server. The operating system drops the lock when the process
/// ends, however it ends.
public final class DataDirectoryLock: Sendable {
    public static let fileName = "hearth.lock"

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Shared: any number of servers; fails only while a restore runs.
    public static func forServer(_ directory: String) throws(ConfigurationError) -> DataDirectoryLock {
        guard let lock = take(directory, operation: LOCK_SH) else {
            throw ConfigurationError(
                setting: "data directory", message: "\(directory) is being restored from a backup; start the server once the restore has finished")
        }
        return lock
    }

    /// Exclusive, for a restore; `nil` while a server uses the directory.
    public static func forRestore(_ directory: String) -> DataDirectoryLock? {
        take(directory, operation: LOCK_EX)
    }

    private static func take(_ directory: String, operation: Int32) -> DataDirectoryLock? {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, operation | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
