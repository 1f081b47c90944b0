import Foundation

/// Encodes any `Encodable` into a ``JSONValue`` without going through text, so integers,
/// doubles and booleans keep their exact kind. Dates are written as ISO-8601 with
/// milliseconds, `Data` as base64, `nil` optionals are omitted.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodingNode()
        try root.store(value, codingPath: [])
        return root.resolved()
    }

    /// Compact JSON bytes, keys sorted.
    public func encodeToBytes(_ value: some Encodable) throws -> [UInt8] {
        try encode(value).serialized()
    }
}

/// A mutable tree the containers write into; resolved to a ``JSONValue`` at the end.
/// Children are appended in place, so building a large object or array stays linear.
final class EncodingNode {
    private var scalar: JSONValue = .null
    private var members: [String: EncodingNode]?
    private var elements: [EncodingNode]?

    func resolved() -> JSONValue {
        if let members { return .object(members.mapValues { $0.resolved() }) }
        if let elements { return .array(elements.map { $0.resolved() }) }
        return scalar
    }

    func set(_ value: JSONValue) {
        scalar = value
        members = nil
        elements = nil
    }

    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date: set(.string(Timestamp(date).iso8601))
        case let data as Data: set(.string(data.base64EncodedString()))
        case let url as URL: set(.string(url.absoluteString))
        case let json as JSONValue: set(json)
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    func ensureObject() {
        if members == nil { set(.null); members = [:] }
    }

    func objectChild(_ key: String) -> EncodingNode {
        ensureObject()
        if let existing = members?[key] { return existing }
        let child = EncodingNode()
        members?[key] = child
        return child
    }

    func ensureArray() {
        if elements == nil { set(.null); elements = [] }
    }

    func appendChild() -> EncodingNode {
        ensureArray()
        let child = EncodingNode()
        elements?.append(child)
        return child
    }

    var arrayCount: Int { elements?.count ?? 0 }
}

struct JSONIndexKey: CodingKey {
    var stringValue: String { "\(intValue ?? 0)" }
    let intValue: Int?
    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.ensureObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.ensureArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.objectChild(key.stringValue).set(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.objectChild(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = node.objectChild(key.stringValue)
        child.ensureObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.objectChild(key.stringValue)
        child.ensureArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.objectChild("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.objectChild(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.arrayCount }

    mutating func encodeNil() throws { node.appendChild().set(.null) }

    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [JSONIndexKey(index: count)]
        try node.appendChild().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.appendChild()
        child.ensureObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendChild()
        child.ensureArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendChild(), codingPath: codingPath) }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(.double(value)) }
    mutating func encode(_ value: Float) throws { node.set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.set(.int(value)) }
    mutating func encode(_ value: UInt) throws { node.set(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.set(.int(Int64(clamping: value))) }
    mutating func encode(_ value: some Encodable) throws { try node.store(value, codingPath: codingPath) }
}
