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
final class EncodingNode {
    enum Content {
        case value(JSONValue)
        case object([String: EncodingNode], order: [String])
        case array([EncodingNode])
    }

    var content: Content = .value(.null)

    func resolved() -> JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members, _): .object(members.mapValues { $0.resolved() })
        case .array(let elements): .array(elements.map { $0.resolved() })
        }
    }

    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date: content = .value(.string(Timestamp(date).iso8601))
        case let data as Data: content = .value(.string(data.base64EncodedString()))
        case let url as URL: content = .value(.string(url.absoluteString))
        case let json as JSONValue: content = .value(json)
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    func objectChild(_ key: String) -> EncodingNode {
        var (members, order) = { if case .object(let m, let o) = content { return (m, o) } else { return ([:], []) } }()
        if let existing = members[key] { return existing }
        let child = EncodingNode()
        members[key] = child
        order.append(key)
        content = .object(members, order: order)
        return child
    }

    func ensureObject() {
        if case .object = content { return }
        content = .object([:], order: [])
    }

    func appendChild() -> EncodingNode {
        var elements = { if case .array(let e) = content { return e } else { return [] } }()
        let child = EncodingNode()
        elements.append(child)
        content = .array(elements)
        return child
    }

    func ensureArray() {
        if case .array = content { return }
        content = .array([])
    }

    var arrayCount: Int { if case .array(let e) = content { e.count } else { 0 } }
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

    mutating func encodeNil(forKey key: Key) throws { node.objectChild(key.stringValue).content = .value(.null) }

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

    mutating func encodeNil() throws { node.appendChild().content = .value(.null) }

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

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(.double(value)) }
    mutating func encode(_ value: Float) throws { node.content = .value(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.int(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .value(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(.int(Int64(clamping: value))) }
    mutating func encode(_ value: some Encodable) throws { try node.store(value, codingPath: codingPath) }
}
