import Foundation
import HearthCore
import HearthServer
import Hummingbird

/// Reads the JSON body of a Knot API request within a route's own byte limit.
///
/// The original FastAPI app answers a body that is not JSON, or not an object, with 422
/// (never 400), so both become the FastAPI validation shape here; a body over the limit
/// stays 413.
enum KnotRequestBody {
    static func object(_ request: Request, context: HearthRequestContext, limit: Int) async throws -> BodyFields {
        let value: JSONValue
        do {
            value = try await context.requestDecoder.parseBody(of: request, limit: min(limit, context.maxUploadSize))
        } catch let error as APIError where error.code == .invalidJSON {
            throw APIError.validation("JSON decode error: the body is not valid JSON")
        }
        return try BodyFields(value)
    }
}

/// The members of one JSON object of a request, read with FastAPI-style 422 errors that
/// name the field (`path` prefixes nested objects: `milestones.2`).
///
/// Strings are trimmed before their length is checked, and lengths count Unicode scalars
/// (as Python's `len` does). `null` and an absent key mean the same: "not given".
struct BodyFields: Sendable {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String = "") throws {
        guard let members = value.objectValue else {
            if path.isEmpty { throw APIError.validation("Input should be a valid dictionary") }
            throw APIError.invalidField(path, "Input should be a valid dictionary")
        }
        self.members = members
        self.path = path
    }

    /// The full error path of the member `name`.
    func field(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// The first of `names` that is present and not `null`, with the name it was found under.
    func value(_ names: String...) -> (name: String, value: JSONValue)? { value(names) }

    func value(_ names: [String]) -> (name: String, value: JSONValue)? {
        for name in names {
            if let value = members[name], !value.isNull { return (name, value) }
        }
        return nil
    }

    /// A trimmed string of 1…`maxLength` scalars; `names` lists accepted aliases, the first
    /// one being the name used in errors when none is present.
    func requiredString(_ names: String..., maxLength: Int) throws -> String {
        guard let found = value(names) else { throw APIError.invalidField(field(names[0]), "Field required") }
        return try nonEmpty(found.value, field(found.name), maxLength: maxLength)
    }

    /// A trimmed string of at most `maxLength` scalars; absent, `null` or blank → `nil`.
    func optionalString(_ name: String, maxLength: Int) throws -> String? {
        guard let found = value(name) else { return nil }
        guard let text = found.value.stringValue else { throw APIError.invalidField(field(name), "Input should be a valid string") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.count <= maxLength else {
            throw APIError.invalidField(field(name), "String should have at most \(maxLength) characters")
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A trimmed, non-empty string of at most `maxLength` scalars.
    func nonEmpty(_ value: JSONValue, _ fieldPath: String, maxLength: Int) throws -> String {
        guard let text = value.stringValue else { throw APIError.invalidField(fieldPath, "Input should be a valid string") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw APIError.invalidField(fieldPath, "String should not be empty or blank") }
        guard trimmed.unicodeScalars.count <= maxLength else {
            throw APIError.invalidField(fieldPath, "String should have at most \(maxLength) characters")
        }
        return trimmed
    }

    /// A whole number in `range`; absent or `null` → `nil`.
    func optionalInt(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let found = value(name) else { return nil }
        return try int(found.value, field(name), in: range)
    }

    func requiredInt(_ name: String, in range: ClosedRange<Int64>) throws -> Int64 {
        guard let found = value(name) else { throw APIError.invalidField(field(name), "Field required") }
        return try int(found.value, field(name), in: range)
    }

    func int(_ value: JSONValue, _ fieldPath: String, in range: ClosedRange<Int64>) throws -> Int64 {
        // `true` is not a number here, even though Python would take it for 1.
        guard value.boolValue == nil, let number = value.intValue else {
            throw APIError.invalidField(fieldPath, "Input should be a valid integer")
        }
        guard range.contains(number) else {
            throw APIError.invalidField(fieldPath, "Input should be between \(range.lowerBound) and \(range.upperBound)")
        }
        return number
    }

    func optionalBool(_ name: String) throws -> Bool? {
        guard let found = value(name) else { return nil }
        guard let flag = found.value.boolValue else { throw APIError.invalidField(field(name), "Input should be a valid boolean") }
        return flag
    }

    /// One of `allowed` (exact match); absent or `null` → `nil`.
    func optionalChoice(_ name: String, _ allowed: [String]) throws -> String? {
        guard let found = value(name) else { return nil }
        return try choice(found.value, field(name), allowed)
    }

    func choice(_ value: JSONValue, _ fieldPath: String, _ allowed: [String]) throws -> String {
        guard let text = value.stringValue, allowed.contains(text) else {
            throw APIError.invalidField(fieldPath, "Input should be \(Self.list(allowed))")
        }
        return text
    }

    /// A JSON array of at most `maxCount` elements (longer lists are refused before any is read).
    func array(_ name: String, maxCount: Int) throws -> [JSONValue] {
        guard let found = value(name) else { throw APIError.invalidField(field(name), "Field required") }
        guard let elements = found.value.arrayValue else { throw APIError.invalidField(field(name), "Input should be a valid list") }
        guard elements.count <= maxCount else {
            throw APIError.invalidField(field(name), "List should have at most \(maxCount) items")
        }
        return elements
    }

    /// `'a', 'b' or 'c'`, as pydantic words the choices of a literal.
    static func list(_ allowed: [String]) -> String {
        let quoted = allowed.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }
}
