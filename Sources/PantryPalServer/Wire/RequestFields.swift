import HearthCore
import HearthServer
import Hummingbird

/// A request's JSON object, read field by field with PantryPal's error messages.
///
/// An empty body reads as `{}` (the app sends `Content-Type: application/json` even on
/// bodiless DELETEs); anything that is not a JSON object is `400 Invalid JSON body`.
struct RequestFields: Sendable {
    /// The longest text any field may hold.
    static let maxTextLength = 2_000

    enum Presence: Sendable, Equatable {
        case absent
        case null
        case value(JSONValue)
    }

    let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) { self.object = object }

    static func read(_ request: Request, context: HearthRequestContext) async throws -> RequestFields {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        if buffer.readableBytes == 0 { return RequestFields([:]) }
        let value: JSONValue
        do {
            value = try JSONParser(limits: .init(maxBytes: context.maxUploadSize, maxDepth: 16, maxStringBytes: 64 * 1024))
                .parse(buffer.readableBytesView)
        } catch {
            throw PantryError.invalidJSON
        }
        guard let object = value.objectValue else { throw PantryError.invalidJSON }
        return RequestFields(object)
    }

    func presence(_ key: String) -> Presence {
        guard let value = object[key] else { return .absent }
        return value.isNull ? .null : .value(value)
    }

    /// A string field; absent and `null` are `nil`.
    func string(_ key: String) throws -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw PantryError.invalidField("\(key) must be a string") }
        guard text.unicodeScalars.count <= Self.maxTextLength else {
            throw PantryError.invalidField("\(key) is longer than \(Self.maxTextLength) characters")
        }
        guard !text.unicodeScalars.contains("\u{0}") else { throw PantryError.invalidField("\(key) must not contain NUL characters") }
        return text
    }

    /// A string field with surrounding blanks removed; blank is `nil`.
    func text(_ key: String) throws -> String? {
        guard let text = try string(key)?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    /// A whole-number field; absent and `null` are `nil`.
    func integer(_ key: String) throws -> Int64? {
        guard let value = object[key], !value.isNull else { return nil }
        if let number = value.intValue { return number }
        if let number = value.doubleValue, number.rounded() == number, abs(number) < 1e15 { return Int64(number) }
        throw PantryError.invalidField("\(key) must be a whole number")
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw PantryError.invalidField("\(key) must be true or false") }
        return flag
    }

    /// An optional client-chosen UUID (`id`, W4), lower-cased.
    func clientID(_ key: String = "id") throws -> String? {
        guard let text = try string(key) else { return nil }
        guard UUIDText.isValid(text, allowingUppercase: true) else { throw PantryError.invalidField("\(key) must be a UUID") }
        return text.lowercased()
    }
}

extension HearthRequestContext {
    /// A path parameter, percent-decoded; text no column can hold (NUL characters, more than
    /// 200 characters) is a 400 rather than a database error.
    func pantryParameter(_ name: String) throws -> String {
        let value = pathParameter(name)
        guard value.unicodeScalars.count <= 200, !value.unicodeScalars.contains("\u{0}") else {
            throw PantryError.invalidField("The \(name) in the path is not valid")
        }
        return value
    }
}
