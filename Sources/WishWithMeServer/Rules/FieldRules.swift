import HearthCore
import HearthServer

/// Checks of single document fields against the schema of spec §7. Each throws a
/// validation ``APIError`` whose message names the field, so the client can fix it; absent
/// and `null` are the same on input (the iOS app omits nil keys, the PWA sends nulls).
struct FieldRules {
    let data: JSONValue

    func value(_ key: String) -> JSONValue? {
        guard let value = data[key], !value.isNull else { return nil }
        return value
    }

    func requiredString(_ key: String, length: ClosedRange<Int>) throws -> String {
        guard let text = try optionalString(key, maxLength: length.upperBound) else {
            throw APIError.validation("'\(key)' is required")
        }
        guard text.unicodeScalars.count >= length.lowerBound else { throw APIError.validation("'\(key)' must not be empty") }
        return text
    }

    func optionalString(_ key: String, maxLength: Int) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else { throw APIError.validation("'\(key)' must be a string") }
        // Lengths count code points, as the original backend (and JSON Schema) did.
        guard text.unicodeScalars.count <= maxLength else { throw APIError.validation("'\(key)' must be at most \(maxLength) characters") }
        return text
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolValue else { throw APIError.validation("'\(key)' must be true or false") }
        return flag
    }

    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws -> JSONValue? {
        guard let value = value(key) else { return nil }
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw APIError.validation("'\(key)' must be a number between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    /// A positive whole quantity; `true` counts as 1 (legacy data stored a boolean).
    func quantity(_ key: String = "quantity", max: Int64 = 10_000) throws -> Int64 {
        guard let value = value(key) else { return 1 }
        if value.boolValue == true { return 1 }
        guard let count = value.intValue, (1...max).contains(count) else {
            throw APIError.validation("'\(key)' must be a whole number from 1 to \(max)")
        }
        return count
    }

    /// A `data:` URL of an image, at most `maxBytes` long.
    func optionalImageDataURL(_ key: String, maxBytes: Int) throws -> String? {
        guard let text = try optionalString(key, maxLength: .max) else { return nil }
        guard text.hasPrefix("data:image/"), text.contains(";base64,") else {
            throw APIError.validation("'\(key)' must be a data:image/…;base64 URL")
        }
        guard text.utf8.count <= maxBytes else {
            throw APIError.validation("'\(key)' must be at most \(maxBytes / 1024) KiB; use a smaller image")
        }
        return text
    }

    /// An absolute http(s) URL.
    func optionalWebURL(_ key: String, maxLength: Int = 2048) throws -> String? {
        guard let text = try optionalString(key, maxLength: maxLength) else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8, !text.contains(where: \.isWhitespace) else {
            throw APIError.validation("'\(key)' must be an http or https URL")
        }
        return text
    }

    /// A stored id of another document (owner, wishlist, item), compared as an opaque string.
    func requiredReference(_ key: String, missing message: String) throws -> String {
        guard let value = value(key) else { throw APIError.validation(message) }
        guard let text = value.stringValue, !text.isEmpty, text.utf8.count <= 128 else {
            throw APIError.validation("'\(key)' must be a document id")
        }
        return text
    }
}
