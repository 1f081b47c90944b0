import Foundation
import HearthCore

/// How the Knot API writes times (spec §5.0): RFC 3339 in UTC with `+00:00` and six
/// fractional digits, as the original FastAPI backend did
/// (`2026-02-08T12:34:56.789000+00:00`). Hearth keeps milliseconds, so the last three
/// digits are always zero.
enum KnotTime {
    static func format(_ timestamp: Timestamp) -> String {
        // `iso8601` is `YYYY-MM-DDTHH:MM:SS.mmmZ`.
        String(timestamp.iso8601.dropLast()) + "000+00:00"
    }

    static func json(_ timestamp: Timestamp?) -> JSONValue {
        timestamp.map { .string(format($0)) } ?? .null
    }
}

/// New row ids: lower-case UUID v4 text, Hearth's convention on both engines.
enum KnotID {
    static func make() -> String { UUID().uuidString.lowercased() }

    /// Whether `text` could be an id this server issued (any letter case): anything else
    /// cannot match a row, so routes answer 404 without asking the database.
    static func normalized(_ text: String) -> String? {
        UUIDText.isValid(text, allowingUppercase: true) ? text.lowercased() : nil
    }
}
