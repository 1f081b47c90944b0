import Foundation
import HearthCore

/// An app's OpenAPI document as checked in (`Sources/<Module>/Resources/openapi.json`),
/// with what every app's document tests need: its operations, reference resolution, a
/// structural lint and a small schema validator.
public struct OpenAPIDocumentFile: Sendable {
    public let root: JSONValue

    public struct Operation: Sendable {
        public let path: String
        public let method: String
        public let object: JSONValue
    }

    public static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    public init(root: JSONValue) {
        self.root = root
    }

    /// The checked-in document of `module`, found from a test file's `#filePath`
    /// (`<repo>/Tests/<Target>/…`).
    public static func load(module: String, testFile: String = #filePath) throws -> OpenAPIDocumentFile {
        OpenAPIDocumentFile(root: try JSONParser().parse(try Data(contentsOf: url(module: module, testFile: testFile))))
    }

    public static func url(module: String, testFile: String = #filePath) -> URL {
        var repository = URL(fileURLWithPath: testFile)
        while repository.pathComponents.count > 1 && repository.lastPathComponent != "Tests" {
            repository.deleteLastPathComponent()
        }
        return repository.deletingLastPathComponent().appendingPathComponent("Sources/\(module)/Resources/openapi.json")
    }

    public var operations: [Operation] {
        (root["paths"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.flatMap { path, item in
            Self.methods.compactMap { method in item[method].map { Operation(path: path, method: method, object: $0) } }
        }
    }

    /// Every documented (method, path) pair.
    public var routes: Set<APIRoute> { Set(operations.map { APIRoute(method: $0.method.uppercased(), template: $0.path) }) }

    /// Every `$ref` anywhere in `value`.
    public static func references(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            return (members["$ref"]?.stringValue.map { [$0] } ?? []) + members.values.flatMap(references(in:))
        case .array(let elements):
            return elements.flatMap(references(in:))
        default:
            return []
        }
    }

    /// The node a local reference (`#/a/b`) points at.
    public func target(of reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[key]
        }
        return node
    }

    /// `node` with `$ref`s followed.
    public func resolve(_ node: JSONValue) -> JSONValue {
        var node = node
        var hops = 0
        while let reference = node["$ref"]?.stringValue, let target = target(of: reference), hops < 32 {
            node = target
            hops += 1
        }
        return node
    }

    /// What makes the document unusable by tools: an operation without an id, a
    /// description or responses, a duplicate id, an undeclared status, a path parameter
    /// the path lacks, a reference that resolves to nothing.
    public var structuralProblems: [String] {
        var problems: [String] = []
        var operationIDs: Set<String> = []
        for operation in operations {
            let label = "\(operation.method) \(operation.path)"
            let responses = operation.object["responses"]?.objectValue ?? [:]
            if responses.isEmpty { problems.append("\(label) has no responses") }
            if let id = operation.object["operationId"]?.stringValue {
                if !operationIDs.insert(id).inserted { problems.append("operationId \(id) is used twice") }
            } else {
                problems.append("\(label) has no operationId")
            }
            if operation.object["description"]?.stringValue?.isEmpty ?? true { problems.append("\(label) has no description") }
            for (status, response) in responses {
                if !(status == "default" || (Int(status).map { (100...599).contains($0) } ?? false)) { problems.append("\(label): status \(status)") }
                if resolve(response)["description"]?.stringValue == nil { problems.append("\(label) \(status) has no description") }
            }
            for parameter in operation.object["parameters"]?.arrayValue ?? [] where resolve(parameter)["in"] == "path" {
                let name = resolve(parameter)["name"]?.stringValue ?? ""
                if !operation.path.contains("{\(name)}") { problems.append("\(label) declares path parameter \(name) it does not have") }
            }
        }
        for reference in Self.references(in: root) where target(of: reference) == nil {
            problems.append("\(reference) does not resolve")
        }
        return problems
    }

    /// A small validator for the keywords the documents use: `$ref`, `allOf`, `anyOf`,
    /// `nullable`, `type`, `enum`, `required`, `properties`, `items`, `minItems`, `maxItems`.
    public func problems(_ value: JSONValue, _ schema: JSONValue, at location: String) -> [String] {
        let schema = resolve(schema)
        if value.isNull, schema["nullable"] == true { return [] }
        var problems: [String] = []
        for part in schema["allOf"]?.arrayValue ?? [] {
            problems += self.problems(value, part, at: location)
        }
        if let options = schema["anyOf"]?.arrayValue, !options.contains(where: { self.problems(value, $0, at: location).isEmpty }) {
            problems.append("\(location): matches none of anyOf")
        }
        if let type = schema["type"]?.stringValue, !Self.value(value, hasType: type) {
            return problems + ["\(location): expected \(type), got \(value.serializedString().prefix(80))"]
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            problems.append("\(location): \(value.serializedString().prefix(80)) is not one of \(allowed)")
        }
        if let object = value.objectValue {
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                problems.append("\(location): required key \(key) is missing")
            }
            for (key, propertySchema) in schema["properties"]?.objectValue ?? [:] {
                if let member = object[key] { problems += self.problems(member, propertySchema, at: "\(location).\(key)") }
            }
        }
        if let elements = value.arrayValue {
            if let minimum = schema["minItems"]?.intValue, elements.count < minimum { problems.append("\(location): fewer than \(minimum) items") }
            if let maximum = schema["maxItems"]?.intValue, elements.count > maximum { problems.append("\(location): more than \(maximum) items") }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() { problems += self.problems(element, items, at: "\(location)[\(index)]") }
            }
        }
        return problems
    }

    static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch type {
        case "object": value.objectValue != nil
        case "array": value.arrayValue != nil
        case "string": value.stringValue != nil
        case "boolean": value.boolValue != nil
        case "integer": value.intValue != nil
        case "number": value.doubleValue != nil
        default: false
        }
    }
}

/// A (method, path template) pair with parameter names erased: the router may call a
/// parameter `{wishlist}` where the document says `{wishlist_id}`.
public struct APIRoute: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let method: String
    public let template: String

    public init(method: String, template: String) {
        self.method = method
        let segments = template.split(separator: "/").map { segment -> String in
            let isParameter = (segment.hasPrefix("{") && segment.hasSuffix("}")) || segment.hasPrefix(":")
            return isParameter ? "{}" : String(segment)
        }
        self.template = "/" + segments.joined(separator: "/")
    }

    public var description: String { "\(method) \(template)" }

    public static func < (lhs: APIRoute, rhs: APIRoute) -> Bool { lhs.description < rhs.description }
}

extension TestServer {
    /// Every route the server's router holds, but the platform's own `/_hearth/…`.
    public func registeredRoutes() async -> Set<APIRoute> {
        let (router, _) = await platform.makeRouter()
        return Set(
            router.routes
                .filter { !$0.path.description.hasPrefix("/_hearth/") }
                .map { APIRoute(method: $0.method.rawValue, template: $0.path.description) })
    }
}
