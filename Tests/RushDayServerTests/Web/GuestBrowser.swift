import AsyncHTTPClient
import Foundation
import HearthTesting
import NIOCore
import NIOHTTP1
import NIOPosix

/// A browser for Rush Day's pages over real HTTP: it keeps cookies, sends the CSRF token of
/// the last page it saw with forms, and never follows redirects by itself.
actor GuestBrowser {
    let server: TestServer
    let mount = "/rushday"
    let client: HTTPClient
    private var cookies: [String: String] = [:]
    private(set) var lastPage = ""

    init(_ server: TestServer) {
        self.server = server
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: .init(redirectConfiguration: .disallow))
    }

    func close() async throws { try await client.shutdown() }

    /// Runs `body` with a fresh browser, closing it afterwards.
    static func with(_ server: TestServer, _ body: (GuestBrowser) async throws -> Void) async throws {
        let browser = GuestBrowser(server)
        do {
            try await body(browser)
            try await browser.close()
        } catch {
            try? await browser.close()
            throw error
        }
    }

    func get(_ path: String) async throws -> TestResponse { try await send(.GET, path, body: nil) }

    /// Posts `fields`; the last page's CSRF token goes along unless `csrf` is given.
    func post(_ path: String, _ fields: [String: String], csrf: String? = nil) async throws -> TestResponse {
        var all = fields
        if all["csrf_token"] == nil { all["csrf_token"] = csrf ?? Self.csrfToken(in: lastPage) ?? "" }
        let body = all.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }.joined(separator: "&")
        return try await send(.POST, path, body: Array(body.utf8))
    }

    /// Fetches the `Location` of a 303.
    func follow(_ response: TestResponse) async throws -> TestResponse {
        guard response.status == 303, let location = response.headers.first(name: "Location") else { return response }
        return try await send(.GET, String(location.dropFirst(mount.count)), body: nil)
    }

    private func send(_ method: HTTPMethod, _ path: String, body: [UInt8]?) async throws -> TestResponse {
        var request = HTTPClientRequest(url: server.baseURL + mount + path)
        request.method = method
        if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 4 * 1024 * 1024)
        let result = TestResponse(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
        for header in response.headers["Set-Cookie"] {
            let pair = header.split(separator: ";").first.map(String.init) ?? ""
            if let equals = pair.firstIndex(of: "=") {
                cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
        }
        if result.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true { lastPage = result.text }
        return result
    }

    static func csrfToken(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf_token" value=""#) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
