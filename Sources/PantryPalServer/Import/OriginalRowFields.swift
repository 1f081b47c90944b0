import HearthCore
import HearthStore

/// Why one original row is not imported; becomes a line of the report.
struct ImportRefusal: Error, Sendable {
    let reason: String

    init(_ reason: String) { self.reason = reason }
}

/// One row of the original database, read column by column with Hearth's rules (the
/// limits of spec §6 that the API applies to the same values). SQLite keeps whatever a
/// column was given, so every reader expects anything and refuses what Hearth would not
/// store, never crashing on it.
struct OriginalRowFields: Sendable {
    let row: SQLRow

    /// Ids are text (the original's UUIDs), at most this long.
    static let maxIDLength = 100
    /// The longest free text the API accepts (``RequestFields/maxTextLength``).
    static let maxTextLength = RequestFields.maxTextLength

    init(_ row: SQLRow) { self.row = row }

    /// The row's id as the report names it: its `id`, else its position in the table.
    var originalID: String {
        switch row["id"] {
        case .text(let text) where !text.isEmpty: String(text.prefix(Self.maxIDLength))
        case .integer(let number): String(number)
        default: "row \(rowNumber)"
        }
    }

    var rowNumber: Int64 { (try? row.int(OriginalDatabase.rowIDColumn)) ?? 0 }

    /// A required id (`id`, or a foreign key that may not be NULL).
    func id(_ column: String = "id") throws(ImportRefusal) -> String {
        guard let id = try optionalID(column) else { throw ImportRefusal("\(column) is missing") }
        return id
    }

    /// An id that may be NULL.
    func optionalID(_ column: String) throws(ImportRefusal) -> String? {
        switch row[column] {
        case .null: return nil
        case .integer(let number): return String(number)
        case .text(let text):
            guard !text.isEmpty else { return nil }
            guard text.unicodeScalars.count <= Self.maxIDLength, !text.unicodeScalars.contains("\u{0}") else {
                throw ImportRefusal("\(column) is not a valid id (longer than \(Self.maxIDLength) characters or holds NUL)")
            }
            return text
        default: throw ImportRefusal("\(column) is not text")
        }
    }

    /// Text that may be NULL, at most `limit` characters, no NUL characters.
    func text(_ column: String, limit: Int = maxTextLength) throws(ImportRefusal) -> String? {
        let text: String
        switch row[column] {
        case .null: return nil
        case .text(let value): text = value
        case .integer(let number): text = String(number)
        case .real(let number): text = String(number)
        case .blob: throw ImportRefusal("\(column) holds binary data, not text")
        }
        guard text.unicodeScalars.count <= limit else {
            throw ImportRefusal("\(column) is \(text.unicodeScalars.count) characters long; Hearth allows at most \(limit)")
        }
        guard !text.unicodeScalars.contains("\u{0}") else { throw ImportRefusal("\(column) holds a NUL character") }
        return text
    }

    /// Text with surrounding blanks removed; blank or NULL refused as `what is blank`.
    func requiredText(_ column: String, limit: Int = maxTextLength) throws(ImportRefusal) -> String {
        guard let text = try text(column, limit: limit)?.trimmed, !text.isEmpty else { throw ImportRefusal("\(column) is blank") }
        return text
    }

    /// A whole number in `range`; NULL is `nil`. SQLite may hold 1.5 or "two" in an
    /// INTEGER column: those are refused.
    func wholeNumber(_ column: String, in range: ClosedRange<Int64>) throws(ImportRefusal) -> Int64? {
        let number: Int64
        switch row[column] {
        case .null: return nil
        case .integer(let value): number = value
        case .real(let value) where value.rounded() == value && abs(value) < 1e15: number = Int64(value)
        case .text(let value) where Int64(value.trimmed) != nil: number = Int64(value.trimmed) ?? 0
        default:
            throw ImportRefusal("\(column) \(Self.describe(row[column])) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(number) else {
            throw ImportRefusal("\(column) \(number) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A 0/1 flag; NULL is `nil`, anything but 0 is true (as JavaScript read it).
    func flag(_ column: String) -> Bool? {
        switch row[column] {
        case .null: nil
        case .integer(let value): value != 0
        case .real(let value): value != 0
        case .text(let value): !(value.isEmpty || value == "0" || value == "false")
        case .blob: true
        }
    }

    /// An instant written ISO 8601 or `YYYY-MM-DD HH:MM:SS`; NULL is `nil`.
    func instant(_ column: String) throws(ImportRefusal) -> Timestamp? {
        guard let text = try text(column, limit: 64) else { return nil }
        guard let time = PantryTime.parseInstant(text) else { throw ImportRefusal("\(column) '\(text)' is not a date and time") }
        return time
    }

    /// A timestamp column shown as stored; NULL takes `fallback` (Hearth's columns are NOT NULL).
    func storedTime(_ column: String, fallback: String) throws(ImportRefusal) -> String {
        try text(column, limit: 64) ?? fallback
    }

    static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): "'\(text.prefix(40))'"
        case .blob(let bytes): "(\(bytes.count) bytes of binary data)"
        }
    }
}
