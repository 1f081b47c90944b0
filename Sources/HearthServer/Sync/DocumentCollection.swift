import HearthCore
import HearthStore

/// A collection the delta sync endpoints serve: its name, access rule and validation.
public struct DocumentCollection: Sendable {
    public let name: String
    public let rule: any DocumentAccessRule
    /// Largest accepted `data`, serialised.
    public let maxDocumentBytes: Int
    /// Checks (and may normalise) incoming data; throw an ``APIError`` to reject.
    public let validate: @Sendable (JSONValue) throws -> JSONValue

    public init(
        name: String, rule: any DocumentAccessRule, maxDocumentBytes: Int = 256 * 1024,
        validate: @escaping @Sendable (JSONValue) throws -> JSONValue = { $0 }
    ) {
        self.name = name
        self.rule = rule
        self.maxDocumentBytes = maxDocumentBytes
        self.validate = validate
    }
}

