import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import WishWithMeServer

/// A (method, path template) pair with parameter names erased: the router calls the
/// wishlist parameter `{wishlist}`, the document `{wishlist_id}`.
struct Route: Hashable, Comparable, CustomStringConvertible {
    let method: String
    let template: String

    init(method: String, template: String) {
        self.method = method
        let segments = template.split(separator: "/").map { $0.hasPrefix("{") && $0.hasSuffix("}") ? "{}" : String($0) }
        self.template = "/" + segments.joined(separator: "/")
    }

    var description: String { "\(method) \(template)" }

    static func < (lhs: Route, rhs: Route) -> Bool { lhs.description < rhs.description }

    /// The routes spec §0 lists, plus Hearth's own (OpenAPI document, delta sync).
    static let expected: Set<Route> = Set(
        [
            ("GET", "/"), ("GET", "/healthz"), ("GET", "/ready"), ("GET", "/live"), ("GET", "/openapi.json"),
            ("POST", "/api/v2/auth/register"), ("POST", "/api/v2/auth/login"), ("POST", "/api/v2/auth/refresh"),
            ("POST", "/api/v2/auth/logout"), ("GET", "/api/v2/auth/me"), ("GET", "/api/v1/oauth/providers"),
            ("GET", "/api/v1/oauth/{}/authorize"), ("GET", "/api/v1/oauth/{}/callback"), ("POST", "/api/v1/oauth/{}/link/initiate"),
            ("DELETE", "/api/v1/oauth/{}/unlink"), ("GET", "/api/v1/oauth/connected"), ("GET", "/api/v2/sync/pull/{}"),
            ("POST", "/api/v2/sync/push/{}"), ("POST", "/api/v1/wishlists/{}/share"), ("DELETE", "/api/v1/wishlists/{}/share/{}"),
            ("POST", "/api/v1/shared/{}/grant-access"), ("GET", "/api/hearth/v1/sync/changes"), ("POST", "/api/hearth/v1/sync/push"),
            ("GET", "/api/hearth/v1/sync/events"),
        ].map { Route(method: $0.0, template: $0.1) })
}

/// The document as shipped in the module's resources, with the helpers the tests need.
struct OpenAPIDocument {
    let root: JSONValue

    struct Operation {
        let path: String
        let method: String
        let object: JSONValue
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The source file; the checks that need no server read it from the source tree.
    /// The checked-in file: this file is `Tests/WishWithMeServerTests/Support/…`.
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WishWithMeServer/Resources/openapi.json")

    static func load() throws -> OpenAPIDocument {
        OpenAPIDocument(root: try JSONParser().parse(try Data(contentsOf: url)))
    }

    var operations: [Operation] {
        (root["paths"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.flatMap { path, item in
            Self.methods.compactMap { method in item[method].map { Operation(path: path, method: method, object: $0) } }
        }
    }

    /// Every `$ref` anywhere in `value`.
    static func references(in value: JSONValue) -> [String] {
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
    func target(of reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[key]
        }
        return node
    }

    /// `node` with `$ref`s followed.
    func resolve(_ node: JSONValue) -> JSONValue {
        var node = node
        var hops = 0
        while let reference = node["$ref"]?.stringValue, let target = target(of: reference), hops < 32 {
            node = target
            hops += 1
        }
        return node
    }

    /// Checks a live response against the operation's declared response for its status:
    /// the status is declared, required headers are present, and a JSON body matches.
    func problems(of response: Browser.Response, method: String, path: String) throws -> [String] {
        let responses = try #require(root["paths"]?[path]?[method]?["responses"], "no operation \(method) \(path)")
        guard let declared = responses[String(response.status)] else { return ["status \(response.status) is not declared"] }
        let spec = resolve(declared)
        var problems: [String] = []
        for (name, header) in spec["headers"]?.objectValue ?? [:] where resolve(header)["required"] == true {
            if response.header(name) == nil { problems.append("header \(name) is missing") }
        }
        guard let content = spec["content"]?.objectValue else {
            if !response.body.isEmpty { problems.append("a body where none is declared") }
            return problems
        }
        guard let schema = content["application/json"]?["schema"] else { return problems }
        guard response.header("Content-Type")?.hasPrefix("application/json") == true else {
            return problems + ["Content-Type \(response.header("Content-Type") ?? "none") is not JSON"]
        }
        let body = try JSONParser().parse(response.body)
        return problems + self.problems(body, schema, at: "$")
    }

    /// A small validator for the keywords the document uses: `$ref`, `allOf`, `anyOf`,
    /// `nullable`, `type`, `enum`, `required`, `properties`, `items`, `minItems`, `maxItems`.
    func problems(_ value: JSONValue, _ schema: JSONValue, at location: String) -> [String] {
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

/// An HTTP client that plays the browser without following redirects (the OAuth callback
/// would otherwise leave for the real web callback URL).
struct Browser {
    let baseURL: String
    let http: HTTPClient

    struct Response {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSONValue { (try? JSONParser().parse(body)) ?? .null }
        func header(_ name: String) -> String? { headers.first(name: name) }
    }

    static func with(_ server: TestServer, _ body: (Browser) async throws -> Void) async throws {
        let http = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            try await body(Browser(baseURL: server.baseURL, http: http))
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    func send(_ method: HTTPMethod, _ path: String, json: JSONValue? = nil, token: String? = nil) async throws -> Response {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: json.serialized()))
        }
        let response = try await http.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Response(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }
}
