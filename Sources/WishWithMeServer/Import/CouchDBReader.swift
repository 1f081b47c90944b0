import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// Reads every document of a live CouchDB database through
/// `_all_docs?include_docs=true`, a page at a time (`startkey` = the last id, `skip=1`), so
/// no single answer holds the whole database. Credentials in the URL
/// (`http://admin:secret@host:5984/db`) are sent as HTTP Basic auth, never logged.
///
/// The operator names this URL, so it may be a private or loopback address: it does not
/// go through the outbound SSRF policy, which guards URLs that users supply.
public struct CouchDBReader: Sendable {
    public let database: URL
    public let pageSize: Int
    let http: HTTPClient

    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(database: URL, pageSize: Int = 500, http: HTTPClient) {
        self.database = database
        self.pageSize = max(1, pageSize)
        self.http = http
    }

    /// All documents; `progress` hears (read so far, total rows if CouchDB said).
    public func documents(progress: @Sendable (Int, Int?) -> Void = { _, _ in }) async throws -> [JSONValue] {
        var documents: [JSONValue] = []
        var lastKey: String?
        while true {
            let page = try await page(after: lastKey)
            documents += page.documents
            progress(documents.count, page.totalRows)
            guard page.rows == pageSize, let key = page.lastKey else { return documents }
            lastKey = key
        }
    }

    func page(after lastKey: String?) async throws -> CouchDBAllDocs.Page {
        var query = "include_docs=true&limit=\(pageSize)"
        if let lastKey {
            query += "&skip=1&startkey=" + Self.queryEscaped(JSONValue.string(lastKey).serializedString())
        }
        let (base, authorization) = try Self.split(database)
        var request = HTTPClientRequest(url: "\(base)/_all_docs?\(query)")
        request.headers.add(name: "Accept", value: "application/json")
        if let authorization { request.headers.add(name: "Authorization", value: authorization) }
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(60))
        } catch {
            throw ReadError(description: "cannot reach CouchDB at \(base): \(error)")
        }
        let body = try await response.body.collect(upTo: 512 * 1024 * 1024)
        guard response.status == .ok else {
            let hint = response.status == .unauthorized ? " (put the credentials in the URL: http://user:password@host:5984/db)" : ""
            throw ReadError(description: "CouchDB answered \(response.status.code) for \(base)/_all_docs\(hint)")
        }
        let json: JSONValue
        do {
            json = try CouchDBAllDocs.parser(maxBytes: max(body.readableBytes, 1)).parse(body.readableBytesView)
        } catch {
            throw ReadError(description: "CouchDB's answer is not JSON (\(error))")
        }
        return try CouchDBAllDocs.page(json, source: base)
    }

    /// The database URL without credentials or trailing slash, and a Basic authorization.
    static func split(_ url: URL) throws -> (base: String, authorization: String?) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            ["http", "https"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
        else { throw ReadError(description: "\(url.absoluteString) is not an http(s) URL of a CouchDB database") }
        var authorization: String?
        if let user = components.user {
            let credentials = "\(user.removingPercentEncoding ?? user):\(components.password?.removingPercentEncoding ?? "")"
            authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
        }
        components.user = nil
        components.password = nil
        components.query = nil
        var base = components.string ?? ""
        while base.hasSuffix("/") { base.removeLast() }
        guard components.path.split(separator: "/").count >= 1 else {
            throw ReadError(description: "name the database in the URL, e.g. http://host:5984/wishwithme")
        }
        return (base, authorization)
    }

    private static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
