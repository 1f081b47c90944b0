import AsyncHTTPClient
import Foundation
import HearthCore
import HearthTesting
import NIOCore
import NIOHTTP1
import NIOPosix

/// A browser for page tests, over real HTTP: it keeps cookies as a browser does, reads
/// the CSRF token of the last page it saw and sends it with forms, and never follows a
/// redirect by itself (tests look at each 303, then ``follow(_:)`` it).
actor WebBrowser {
    let server: TestServer
    let mount: String
    let client: HTTPClient
    private(set) var cookies: [String: String] = [:]
    /// Attributes of each cookie as last set (`HttpOnly`, `SameSite=Lax`, …).
    private(set) var cookieAttributes: [String: [String]] = [:]
    private(set) var lastPage = ""
    var acceptLanguage = "en-US,en;q=0.9"
    /// Sent with every request (Fetch Metadata of a navigation from another site, …).
    var extraHeaders: [(String, String)] = []

    init(_ server: TestServer, mount: String = "") {
        self.server = server
        self.mount = mount
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: .init(redirectConfiguration: .disallow))
    }

    func close() async throws { try await client.shutdown() }

    func setLanguage(_ value: String) { acceptLanguage = value }

    func setExtraHeaders(_ headers: [(String, String)]) { extraHeaders = headers }

    /// Forgets cookies (a browser that never visited).
    func clearCookies() { cookies = [:] }

    func get(_ path: String) async throws -> TestResponse {
        try await send(.GET, path, body: nil)
    }

    /// Posts `fields` as a form; the page's CSRF token goes along unless `csrf` says otherwise.
    func post(_ path: String, _ fields: [String: String] = [:], csrf: String? = nil) async throws -> TestResponse {
        var all = fields
        if all["csrf_token"] == nil { all["csrf_token"] = csrf ?? Self.csrfToken(in: lastPage) ?? "" }
        let body = all.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }.joined(separator: "&")
        return try await send(.POST, path, body: Array(body.utf8))
    }

    /// Fetches the `Location` of a redirect.
    func follow(_ response: TestResponse) async throws -> TestResponse {
        guard response.status == 303, let location = response.headers.first(name: "Location") else {
            throw UnexpectedResponse(response)
        }
        let path = location.hasPrefix(server.baseURL) ? String(location.dropFirst(server.baseURL.count)) : location
        return try await send(.GET, String(path.dropFirst(mount.count)), body: nil)
    }

    var csrfToken: String? { Self.csrfToken(in: lastPage) }

    private func send(_ method: HTTPMethod, _ path: String, body: [UInt8]?) async throws -> TestResponse {
        var request = HTTPClientRequest(url: server.baseURL + mount + path)
        request.method = method
        request.headers.add(name: "Accept-Language", value: acceptLanguage)
        for (name, value) in extraHeaders { request.headers.add(name: name, value: value) }
        if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        let result = TestResponse(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
        for header in response.headers["Set-Cookie"] { remember(header) }
        if result.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true { lastPage = result.text }
        return result
    }

    private func remember(_ header: String) {
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals])
        let value = String(pair[pair.index(after: equals)...])
        cookieAttributes[name] = Array(parts.dropFirst())
        if value.isEmpty || parts.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
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

extension TestResponse {
    var location: String? { headers.first(name: "Location") }
}
