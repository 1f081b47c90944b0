import Foundation
import GRPCCore

/// The request-only checks of spec §2.5, each naming the field it refuses.
enum FieldRules {
    static let maxIDLength = 128
    static let maxURLLength = 2048

    /// A non-empty id of at most 128 characters.
    static func id(_ value: String, _ field: String) throws(RPCError) -> String {
        guard !value.isEmpty else { throw RPCFailure.invalid(field, "required") }
        guard value.unicodeScalars.count <= maxIDLength else { throw RPCFailure.invalid(field, "at most \(maxIDLength) characters") }
        return value
    }

    /// Trimmed, then `range` Unicode scalars long.
    static func text(_ value: String, _ field: String, _ range: ClosedRange<Int>) throws(RPCError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let count = trimmed.unicodeScalars.count
        if count == 0 && range.lowerBound > 0 { throw RPCFailure.invalid(field, "required") }
        guard range.contains(count) else {
            throw RPCFailure.invalid(field, "must be \(range.lowerBound)–\(range.upperBound) characters")
        }
        return trimmed
    }

    /// An optional free text of at most `maximum` characters; "" after trimming is absent.
    static func optionalText(_ value: String?, _ field: String, maximum: Int) throws(RPCError) -> String? {
        guard let value else { return nil }
        let trimmed = try text(value, field, 0...maximum)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// An absolute http(s) URL of at most 2048 characters.
    static func url(_ value: String, _ field: String) throws(RPCError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.count <= maxURLLength else { throw RPCFailure.invalid(field, "at most \(maxURLLength) characters") }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { throw RPCFailure.invalid(field, "must be an absolute http or https URL") }
        return trimmed
    }

    /// An optional URL where "" (or absence) means none.
    static func optionalURL(_ value: String?, _ field: String) throws(RPCError) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return try url(value, field)
    }

    /// An ISO 4217-shaped code: three upper-case letters (§2.6).
    static func currency(_ value: String, _ field: String) throws(RPCError) -> String {
        guard value.count == 3, value.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw RPCFailure.invalid(field, "must be three upper-case letters (ISO 4217)")
        }
        return value
    }
}
