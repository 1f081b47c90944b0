import Foundation
import HearthCore

/// A server's API at a base URL: builds requests, encodes JSON bodies, maps unsuccessful
/// answers to ``ClientError`` and decodes successful ones. Authenticated calls go through
/// the ``AuthSession``; anonymous ones (sign-in, register) straight to the transport.
public struct HearthAPI: Sendable {
    public let baseURL: URL
    public let session: AuthSession
    public var timeout: Duration

    public init(baseURL: URL, session: AuthSession, timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.session = session
        self.timeout = timeout
    }

    public var transport: any HTTPTransport { session.transport }

    public enum Authentication: Sendable {
        case bearer
        case none
    }

    /// Sends a request and returns the successful response; any other status is thrown.
    @discardableResult
    public func send(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: (any Encodable & Sendable)? = nil,
        authentication: Authentication = .bearer
    ) async throws -> TransportResponse {
        let request = try makeRequest(method, path, query: query, body: body)
        let response =
            switch authentication {
            case .bearer: try await session.send(request)
            case .none: try await transport.send(request)
            }
        guard response.isSuccess else { throw ClientError.from(response) }
        return response
    }

    /// Sends a request and decodes the successful response's JSON body as `T`.
    public func json<T: Decodable>(
        _ type: T.Type, _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil, authentication: Authentication = .bearer
    ) async throws -> T {
        let response = try await send(method, path, query: query, body: body, authentication: authentication)
        return try Self.decode(type, from: response.body)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        do {
            return try JSONValueDecoder(limits: .init(maxBytes: 256 * 1024 * 1024)).decode(type, from: Array(body))
        } catch {
            throw ClientError.invalidResponse(String(describing: error))
        }
    }

    public func makeRequest(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: (any Encodable & Sendable)? = nil
    ) throws -> TransportRequest {
        try Self.request(baseURL: baseURL, method, path, query: query, body: body, timeout: timeout)
    }

    /// A request to `path` under `baseURL`, with `body` encoded as JSON.
    public static func request(
        baseURL: URL, _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil, timeout: Duration = .seconds(30)
    ) throws -> TransportRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw ClientError.invalidResponse("bad base URL \(baseURL)")
        }
        let base = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = base + Self.encodePath(path.hasPrefix("/") ? path : "/" + path)
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        guard let url = components.url else { throw ClientError.invalidResponse("cannot build a URL for \(path)") }
        var headers = ["Accept": "application/json"]
        var data: Data?
        if let body {
            data = Data(try JSONValueEncoder().encodeToBytes(body))
            headers["Content-Type"] = "application/json"
        }
        return TransportRequest(method: method, url: url, headers: headers, body: data, timeout: timeout)
    }

    /// Percent-encodes each segment, keeping `/` separators and the `:` of document ids.
    static func encodePath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
