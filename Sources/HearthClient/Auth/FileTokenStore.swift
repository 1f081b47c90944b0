import Foundation
import HearthCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps credentials in one JSON file readable only by its owner (mode 0600, in a 0700
/// directory), replaced atomically on every save. The token store of Linux clients.
public struct FileTokenStore: TokenStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func load() throws -> Credentials? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try JSONValueDecoder().decode(Credentials.self, from: Array(data))
    }

    public func save(_ credentials: Credentials) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = try JSONValueEncoder().encodeToBytes(credentials)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw TokenStoreError.cannotWrite(path: temporary, errno: errno) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw TokenStoreError.cannotWrite(path: path, errno: errno)
        }
    }

    public func clear() throws {
        if unlink(path) != 0 && errno != ENOENT { throw TokenStoreError.cannotWrite(path: path, errno: errno) }
    }
}

public enum TokenStoreError: Error, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, errno: Int32)
    case keychain(status: Int32)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let code): "Cannot write \(path): \(String(cString: strerror(code)))"
        case .keychain(let status): "Keychain error \(status)"
        }
    }
}
