import Foundation
import HearthClient
import HearthCore

/// The PantryPal API at a base URL ending in `/api`: JSON bodies, PantryPal's flat error
/// bodies, and an optional `Idempotency-Key` per request. Authenticated calls go through
/// the ``AuthSession`` (one shared refresh on 401).
public struct PantryPalAPI: Sendable {
    public let baseURL: URL
    public let session: AuthSession
    public var timeout: Duration

    public init(baseURL: URL, session: AuthSession, timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.session = session
        self.timeout = timeout
    }

    /// Sends the request and returns whatever the server answered, successful or not.
    /// `path` is relative to the base and may hold percent escapes (a segment made by
    /// ``pathSegment(_:)``); they are sent as they are.
    func exchange(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: JSONValue? = nil,
        idempotencyKey: String? = nil, household: String? = nil, authenticated: Bool = true
    ) async throws -> TransportResponse {
        var request = try HearthAPI.request(baseURL: baseURL, method, "", query: query, body: body, timeout: timeout)
        request.url = try Self.url(request.url, appending: path)
        // The original app sends a JSON content type on every request, bodiless ones too.
        request.headers["Content-Type"] = "application/json"
        if let idempotencyKey { request.headers["Idempotency-Key"] = idempotencyKey }
        // The household a queued change was made for: the server refuses it (409
        // HOUSEHOLD_CHANGED) rather than apply it to another one.
        if let household { request.headers["X-Household-Id"] = household }
        return authenticated ? try await session.send(request) : try await session.transport.send(request)
    }

    /// Sends the request and returns the successful answer's JSON body; any other status
    /// is thrown as ``ClientError/server(status:code:message:)``.
    @discardableResult
    func json(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: JSONValue? = nil,
        idempotencyKey: String? = nil, authenticated: Bool = true
    ) async throws -> JSONValue {
        let response = try await exchange(
            method, path, query: query, body: body, idempotencyKey: idempotencyKey, authenticated: authenticated)
        guard response.isSuccess else { throw ErrorBody.clientError(from: response) }
        return try Self.parse(response.body)
    }

    /// One path segment with everything but unreserved characters percent-encoded, so a
    /// name holding `/`, `%`, `?` or `#` stays one segment (the server decodes it back).
    public static func pathSegment(_ value: String) -> String {
        var unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        unreserved.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// `base` (whose path ends where `path` starts) with `path` appended; characters a path
    /// may not hold are encoded, percent escapes already there are kept.
    static func url(_ base: URL, appending path: String) throws -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw ClientError.invalidResponse("bad base URL \(base)")
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#")
        allowed.insert("%")
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let encoded = relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative
        let basePath = components.percentEncodedPath.hasSuffix("/") ? components.percentEncodedPath : components.percentEncodedPath + "/"
        components.percentEncodedPath = basePath + encoded
        guard let url = components.url else { throw ClientError.invalidResponse("cannot build a URL for \(path)") }
        return url
    }

    static func parse(_ body: Data) throws -> JSONValue {
        guard !body.isEmpty else { return .null }
        do {
            return try JSONParser(limits: .init(maxBytes: 256 * 1024 * 1024)).parse(body)
        } catch {
            throw ClientError.invalidResponse(String(describing: error))
        }
    }
}
