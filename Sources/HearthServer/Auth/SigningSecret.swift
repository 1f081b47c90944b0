import Foundation
import HearthCore

/// The secret that signs access tokens and OAuth state: created at random on first start,
/// stored in the data directory with mode 0600, and reused afterwards. Never built in.
public enum SigningSecret {
    public static let fileName = "signing-secret"

    public static func loadOrCreate(inDirectory directory: String) throws(ConfigurationError) -> [UInt8] {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let secret = decodeHex(text.trimmingCharacters(in: .whitespacesAndNewlines)), secret.count >= 32
            else {
                throw ConfigurationError(setting: "signing secret", message: "\(path) is unreadable or damaged; delete it to generate a new one (this signs everyone out)")
            }
            return secret
        }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<64).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let hex = secret.hexString
        guard files.createFile(atPath: path, contents: Data((hex + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ConfigurationError(setting: "data directory", message: "cannot write \(path); check that the directory is writable")
        }
        return secret
    }

    private static func decodeHex(_ text: String) -> [UInt8]? {
        guard text.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
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
