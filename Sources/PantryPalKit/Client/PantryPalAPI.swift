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
    func exchange(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: JSONValue? = nil,
        idempotencyKey: String? = nil, authenticated: Bool = true
    ) async throws -> TransportResponse {
        var request = try HearthAPI.request(baseURL: baseURL, method, path, query: query, body: body, timeout: timeout)
        // The original app sends a JSON content type on every request, bodiless ones too.
        request.headers["Content-Type"] = "application/json"
        if let idempotencyKey { request.headers["Idempotency-Key"] = idempotencyKey }
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

    static func parse(_ body: Data) throws -> JSONValue {
        guard !body.isEmpty else { return .null }
        do {
            return try JSONParser(limits: .init(maxBytes: 256 * 1024 * 1024)).parse(body)
        } catch {
            throw ClientError.invalidResponse(String(describing: error))
        }
    }
}
