import HearthCore

/// One result row, read by column name.
public struct SQLRow: Sendable, Hashable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(column: String) -> SQLValue {
        guard let index = columns.firstIndex(of: column) else { return .null }
        return values[index]
    }

    public func string(_ column: String) throws(StoreError) -> String {
        switch self[column] {
        case .text(let value): return value
        case .integer(let value): return String(value)
        default: throw StoreError.unexpectedValue(column: column, expected: "text")
        }
    }

    public func optionalString(_ column: String) throws(StoreError) -> String? {
        if case .null = self[column] { return nil }
        return try string(column)
    }

    public func int(_ column: String) throws(StoreError) -> Int64 {
        switch self[column] {
        case .integer(let value): return value
        case .real(let value) where value.rounded() == value: return Int64(value)
        case .text(let value):
            guard let parsed = Int64(value) else { fallthrough }
            return parsed
        default: throw StoreError.unexpectedValue(column: column, expected: "integer")
        }
    }

    public func optionalInt(_ column: String) throws(StoreError) -> Int64? {
        if case .null = self[column] { return nil }
        return try int(column)
    }

    public func bool(_ column: String) throws(StoreError) -> Bool { try int(column) != 0 }

    public func timestamp(_ column: String) throws(StoreError) -> Timestamp {
        Timestamp(millisecondsSince1970: try int(column))
    }

    public func optionalTimestamp(_ column: String) throws(StoreError) -> Timestamp? {
        try optionalInt(column).map { Timestamp(millisecondsSince1970: $0) }
    }

    /// A column holding JSON written with ``SQLValue/init(json:)``.
    public func json(_ column: String) throws(StoreError) -> JSONValue {
        let text = try string(column)
        do {
            return try JSONParser(limits: .init(maxBytes: .max, maxDepth: 512, maxStringBytes: .max)).parse(text)
        } catch {
            throw StoreError.unexpectedValue(column: column, expected: "JSON")
        }
    }
}
