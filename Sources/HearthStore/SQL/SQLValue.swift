import HearthCore

/// A value bound to, or read from, a SQL statement on either engine.
///
/// Booleans are stored as integers 0/1 and timestamps as integer milliseconds since
/// 1970 so the same SQL compares them the same way on SQLite and PostgreSQL.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue {
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    public init(_ value: Timestamp?) { self = value.map { .integer($0.millisecondsSince1970) } ?? .null }
    /// Stores JSON as compact text.
    public init(json value: JSONValue) { self = .text(value.serializedString()) }
}
