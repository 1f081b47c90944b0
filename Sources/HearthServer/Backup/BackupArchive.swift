import Foundation

/// A backup as one file: a POSIX tar archive (ustar) of plain files, readable with `tar`
/// itself (`tar -tf hearth-backup.tar`). Files are copied in chunks, so a database of any
/// size streams through without being held in memory.
public enum BackupArchive {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    static let blockSize = 512
    static let chunkSize = 1 << 20

    /// Writes `files` (name in the archive, path on disk) into a new archive at `path`.
    public static func write(_ files: [(name: String, path: String)], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let output = FileHandle(forWritingAtPath: path)
        else { throw Failure(description: "cannot write \(path); check the directory and its permissions") }
        defer { try? output.close() }
        for file in files {
            guard let input = FileHandle(forReadingAtPath: file.path),
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
            else { throw Failure(description: "cannot read \(file.path)") }
            defer { try? input.close() }
            try output.write(contentsOf: try header(name: file.name, size: size))
            var written = 0
            while written < size {
                let chunk = try input.read(upToCount: min(chunkSize, size - written)) ?? Data()
                guard !chunk.isEmpty else { throw Failure(description: "\(file.path) shrank while it was archived") }
                try output.write(contentsOf: chunk)
                written += chunk.count
            }
            let padding = (blockSize - size % blockSize) % blockSize
            if padding > 0 { try output.write(contentsOf: Data(count: padding)) }
        }
        try output.write(contentsOf: Data(count: blockSize * 2))
        try output.synchronize()
    }

    /// Extracts every file of the archive at `path` into `directory` (which must exist) and
    /// returns their names. Names with a directory part are refused.
    @discardableResult
    public static func extract(_ path: String, into directory: String) throws -> [String] {
        guard let input = FileHandle(forReadingAtPath: path) else { throw Failure(description: "cannot read \(path)") }
        defer { try? input.close() }
        var names: [String] = []
        while true {
            let block = try input.read(upToCount: blockSize) ?? Data()
            guard block.count == blockSize else { throw Failure(description: "\(path) is cut short; it is not a complete backup") }
            if block.allSatisfy({ $0 == 0 }) { return names }
            let (name, size) = try parseHeader(block)
            guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
                throw Failure(description: "\(path) holds an unexpected entry '\(name)'; it is not a Hearth backup")
            }
            let target = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: target, contents: nil, attributes: [.posixPermissions: 0o600]),
                let output = FileHandle(forWritingAtPath: target)
            else { throw Failure(description: "cannot write \(target)") }
            defer { try? output.close() }
            var remaining = size
            while remaining > 0 {
                let chunk = try input.read(upToCount: min(chunkSize, remaining)) ?? Data()
                guard !chunk.isEmpty else { throw Failure(description: "\(path) is cut short; it is not a complete backup") }
                try output.write(contentsOf: chunk)
                remaining -= chunk.count
            }
            let padding = (blockSize - size % blockSize) % blockSize
            if padding > 0 { _ = try input.read(upToCount: padding) }
            names.append(name)
        }
    }

    static func header(name: String, size: Int) throws -> Data {
        let nameBytes = Array(name.utf8)
        guard nameBytes.count < 100 else { throw Failure(description: "archive entry name too long: \(name)") }
        var block = [UInt8](repeating: 0, count: blockSize)
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int, width: Int) -> String {
            let digits = String(value, radix: 8)
            return String(repeating: "0", count: max(width - 1 - digits.count, 0)) + digits
        }
        put(name, at: 0)
        put(octal(0o600, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(Int(Date().timeIntervalSince1970), width: 12), at: 136)
        put("        ", at: 148)
        block[156] = UInt8(ascii: "0")
        put("ustar", at: 257)
        put("00", at: 263)
        let checksum = block.reduce(0) { $0 + Int($1) }
        put(octal(checksum, width: 7), at: 148)
        block[155] = UInt8(ascii: " ")
        return Data(block)
    }

    static func parseHeader(_ block: Data) throws -> (name: String, size: Int) {
        let bytes = Array(block)
        func field(_ offset: Int, _ length: Int) -> String {
            let slice = bytes[offset..<(offset + length)].prefix { $0 != 0 }
            return String(decoding: slice, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        var sum = bytes.reduce(0) { $0 + Int($1) }
        sum -= bytes[148..<156].reduce(0) { $0 + Int($1) }
        sum += 8 * Int(UInt8(ascii: " "))
        guard let stored = Int(field(148, 8), radix: 8), stored == sum, let size = Int(field(124, 12), radix: 8), size >= 0,
            bytes[156] == UInt8(ascii: "0") || bytes[156] == 0
        else { throw Failure(description: "the archive is damaged or not a Hearth backup") }
        return (field(0, 100), size)
    }
}
