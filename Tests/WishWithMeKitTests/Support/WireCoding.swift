import Foundation
import HearthCore
import Testing
import WishWithMeKit

/// Decodes and encodes wire JSON the two ways an app might: HearthCore's value decoder and
/// Foundation's `JSONDecoder`. Models must behave identically under both.
enum WireCoding {
    static func parse(_ json: String) throws -> JSONValue {
        try JSONParser().parse(json)
    }

    /// Decodes with both decoders, expects the same value, and returns it.
    static func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> T {
        let viaHearth = try JSONValueDecoder().decode(T.self, from: Array(json.utf8))
        let viaFoundation = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        #expect(viaHearth == viaFoundation)
        return viaHearth
    }

    static func decode<T: Decodable & Equatable>(_ type: T.Type, _ value: JSONValue) throws -> T {
        try decode(type, value.serializedString())
    }

    /// Whether both decoders reject `json`.
    static func bothReject<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
        let hearth = (try? JSONValueDecoder().decode(T.self, from: Array(json.utf8))) == nil
        let foundation = (try? JSONDecoder().decode(T.self, from: Data(json.utf8))) == nil
        return hearth && foundation
    }

    /// The top-level members `value` encodes to, via HearthCore's encoder.
    static func members(_ value: some Encodable) throws -> [String: JSONValue] {
        let encoded = try JSONValueEncoder().encode(value)
        return try #require(encoded.objectValue)
    }

    /// The top-level members `value` encodes to, via Foundation's `JSONEncoder`.
    static func foundationMembers(_ value: some Encodable) throws -> [String: JSONValue] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONParser().parse(Array(data)).objectValue)
    }

    /// `json` with `key` removed from its top-level object.
    static func removing(_ key: String, from json: String) throws -> String {
        var object = try #require(try parse(json).objectValue)
        object[key] = nil
        return JSONValue.object(object).serializedString()
    }

    /// `json` with `key` set to `value` in its top-level object.
    static func setting(_ key: String, to value: JSONValue, in json: String) throws -> String {
        var object = try #require(try parse(json).objectValue)
        object[key] = value
        return JSONValue.object(object).serializedString()
    }
}
