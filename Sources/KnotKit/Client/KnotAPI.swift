import Foundation
import HearthClient
import HearthCore

/// The Knot API under `/api/v1`: JSON in and out, FastAPI's error bodies mapped to
/// ``KnotError``. Every call carries the access token, renewed first when it expires
/// within ``renewalMarginSeconds``, and once more after a 401 (``AuthSession``).
public struct KnotAPI: Sendable {
    /// How long before its expiry an access token is renewed ahead of a call.
    public static let renewalMarginSeconds: Int64 = 60

    public let baseURL: URL
    public let session: AuthSession
    let clock: any WallClock
    public var timeout: Duration = .seconds(60)

    public init(baseURL: URL, session: AuthSession, clock: any WallClock) {
        self.baseURL = baseURL
        self.session = session
        self.clock = clock
    }

    /// Sends the request and returns the successful answer; any other is thrown as ``KnotError``.
    @discardableResult
    public func send(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: (any Encodable & Sendable)? = nil
    ) async throws -> TransportResponse {
        let request: TransportRequest
        let response: TransportResponse
        do {
            request = try HearthAPI.request(baseURL: baseURL, method, path, query: query, body: body, timeout: timeout)
            try await session.renewIfExpiring(before: clock.now.adding(seconds: Self.renewalMarginSeconds))
            response = try await session.send(request)
        } catch {
            throw KnotError.from(error)
        }
        guard response.isSuccess else {
            let error = KnotError.fromAPI(response)
            // The token was refused even after a refresh: the account or session is gone.
            if error == .signedOut { try? await session.signOut() }
            throw error
        }
        return response
    }

    /// Sends the request and decodes the successful answer's JSON as `T`.
    public func json<T: Decodable>(
        _ type: T.Type, _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil
    ) async throws -> T {
        let response = try await send(method, path, query: query, body: body)
        do {
            return try HearthAPI.decode(type, from: response.body)
        } catch {
            throw KnotError.from(error)
        }
    }

    /// An id as one path segment: ids never hold `/`, so one that does names nothing.
    static func segment(_ value: String) throws -> String {
        guard !value.isEmpty, !value.contains("/") else { throw KnotError.notFound(detail: "Not found") }
        return value
    }
}
