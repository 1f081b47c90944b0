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

typealias Route = APIRoute

extension APIRoute {
    /// The routes spec §0 lists, plus Hearth's own (OpenAPI document, delta sync).
    static let expected: Set<APIRoute> = Set(
        [
            ("GET", "/"), ("GET", "/healthz"), ("GET", "/ready"), ("GET", "/live"), ("GET", "/openapi.json"),
            ("POST", "/api/v2/auth/register"), ("POST", "/api/v2/auth/login"), ("POST", "/api/v2/auth/refresh"),
            ("POST", "/api/v2/auth/logout"), ("GET", "/api/v2/auth/me"), ("GET", "/api/v1/oauth/providers"),
            ("GET", "/api/v1/oauth/{}/authorize"), ("GET", "/api/v1/oauth/{}/callback"), ("POST", "/api/v1/oauth/{}/link/initiate"),
            ("DELETE", "/api/v1/oauth/{}/unlink"), ("GET", "/api/v1/oauth/connected"), ("GET", "/api/v2/sync/pull/{}"),
            ("POST", "/api/v2/sync/push/{}"), ("POST", "/api/v1/wishlists/{}/share"), ("DELETE", "/api/v1/wishlists/{}/share/{}"),
            ("POST", "/api/v1/shared/{}/grant-access"), ("GET", "/api/hearth/v1/sync/changes"), ("POST", "/api/hearth/v1/sync/push"),
            ("GET", "/api/hearth/v1/sync/events"),
        ].map { APIRoute(method: $0.0, template: $0.1) })
}

/// Wish With Me's document as checked in.
typealias OpenAPIDocument = OpenAPIDocumentFile

extension OpenAPIDocumentFile {
    static var url: URL { url(module: "WishWithMeServer") }

    static func load() throws -> OpenAPIDocumentFile { try load(module: "WishWithMeServer") }

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
