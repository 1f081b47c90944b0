import Foundation

/// Decodes any `Decodable` from a ``JSONValue`` (or from untrusted bytes, parsed first by
/// ``JSONParser`` with its limits).
///
/// Strict where the original servers were loose: a boolean is never read from a number or
/// a number from a string; an integer field rejects `1.5`. Dates are read from ISO-8601
/// strings, `Data` from base64.
public struct JSONValueDecoder: Sendable {
    public var limits: JSONParser.Limits

    public init(limits: JSONParser.Limits = .default) {
        self.limits = limits
    }

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: []).decodeValue(type)
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try decode(type, from: try JSONParser(limits: limits).parse(bytes))
    }
}

struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindName)"))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let special: Any?
        switch type {
        case is JSONValue.Type:
            special = value
        case is Date.Type:
            guard let text = value.stringValue, let timestamp = Timestamp(iso8601: text) else {
                throw mismatch("an ISO-8601 timestamp")
            }
            special = timestamp.date
        case is Data.Type:
            guard let text = value.stringValue, let data = Data(base64Encoded: text) else { throw mismatch("base64 text") }
            special = data
        default:
            return try T(from: self)
        }
        guard let result = special as? T else { throw mismatch("\(T.self)") }
        return result
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedValueContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }
}

extension JSONValue {
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing field \"\(key.stringValue)\""))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue]?.isNull ?? true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], !value.isNull else { return nil }
        return try ValueDecoder(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { try child(key).container(keyedBy: type) }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [JSONIndexKey(index: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    { try next().container(keyedBy: type) }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard let flag = value.boolValue else { throw decoder.mismatch("a boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard let text = value.stringValue else { throw decoder.mismatch("a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = value.doubleValue else { throw decoder.mismatch("a number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let integerType = type as? any FixedWidthInteger.Type {
            guard let result = try integer(integerType) as? T else { throw decoder.mismatch("\(T.self)") }
            return result
        }
        return try decoder.decodeValue(type)
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .int(let number) = value, let converted = I(exactly: number) else {
            throw decoder.mismatch("an integer that fits in \(I.self)")
        }
        return converted
    }
}
