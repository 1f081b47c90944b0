import Foundation
import HearthCore
import Logging

/// The secret that signs access tokens and OAuth state, and from which every app derives
/// its own keys. Never built in. In order of precedence it is:
///
/// 1. given by the operator (`HEARTH_SIGNING_SECRET`, or `--signing-secret-file`), for
///    those who keep secrets in a vault of their own; it is never stored;
/// 2. the one stored in the database (``ServerKeyStore``), shared by every process;
/// 3. created on first start: the data directory's old `signing-secret` file when there is
///    one (so a server upgraded from a file, or moved from SQLite to PostgreSQL with its
///    data directory, signs nobody out), random bytes otherwise; stored in the database.
public enum SigningSecret {
    /// Where earlier servers kept the secret; adopted into the database, then only read.
    public static let legacyFileName = "signing-secret"
    public static let keyName = "signing-secret"
    public static let minimumBytes = 32

    /// An operator-given secret, as configured.
    public enum Explicit: Sendable, Hashable {
        case hex(String)
        case file(String)
    }

    public static func resolve(
        explicit: Explicit?, keys: ServerKeyStore, dataDirectory: String, logger: Logger
    ) async throws -> [UInt8] {
        if let explicit { return try load(explicit) }
        let legacyPath = (dataDirectory as NSString).appendingPathComponent(legacyFileName)
        let hasLegacyFile = FileManager.default.fileExists(atPath: legacyPath)
        if let stored = try await keys.existingKey(named: keyName) {
            if hasLegacyFile {
                logger.notice("\(legacyPath) is no longer read: the signing secret is in the database. Delete the file once your backups hold the database.")
            }
            return stored
        }
        let legacy = hasLegacyFile ? try load(.file(legacyPath)) : nil
        return try await keys.key(named: keyName, proposal: legacy ?? randomSecret())
    }

    static func load(_ explicit: Explicit) throws(ConfigurationError) -> [UInt8] {
        switch explicit {
        case .hex(let text):
            guard let secret = decodeHex(text.trimmingCharacters(in: .whitespacesAndNewlines)), secret.count >= minimumBytes else {
                throw ConfigurationError(setting: "signing secret", message: "HEARTH_SIGNING_SECRET must be at least \(minimumBytes * 2) hexadecimal digits (try: openssl rand -hex 64)")
            }
            return secret
        case .file(let path):
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let secret = decodeHex(text.trimmingCharacters(in: .whitespacesAndNewlines)), secret.count >= minimumBytes
            else {
                throw ConfigurationError(setting: "signing secret", message: "\(path) is unreadable or not at least \(minimumBytes * 2) hexadecimal digits")
            }
            return secret
        }
    }

    static func randomSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<64).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func decodeHex(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
