/// Parses JSON text from an untrusted source into a ``JSONValue``.
///
/// Guarantees: the input must be valid UTF-8 and exactly one JSON value (whitespace
/// aside); integers that fit in `Int64` become ``JSONValue/int(_:)``, everything else
/// numeric ``JSONValue/double(_:)``; duplicate object keys, nesting deeper than
/// ``Limits/maxDepth`` and strings longer than ``Limits/maxStringBytes`` are rejected.
/// Errors carry the byte offset so a client can find its mistake.
public struct JSONParser: Sendable {
    public struct Limits: Sendable, Hashable {
        public var maxBytes: Int
        public var maxDepth: Int
        public var maxStringBytes: Int

        public init(maxBytes: Int = 10 * 1024 * 1024, maxDepth: Int = 64, maxStringBytes: Int = 1024 * 1024) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxStringBytes = maxStringBytes
        }

        public static let `default` = Limits()
    }

    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let reason: String
        public let offset: Int
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    public let limits: Limits

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    public func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw Failure(reason: "document is larger than \(limits.maxBytes) bytes", offset: 0)
        }
        var cursor = JSONByteCursor(bytes: Array(bytes), limits: limits)
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 0)
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw cursor.failure("unexpected data after the JSON value") }
        return value
    }
}
