import Foundation
import HearthClient
import HearthCore

/// The auth server under `<server>/auth/v1`, spoken to as the Supabase SDK does: every
/// request names API version `2024-01-01` (so errors come as `{"code","message"}`) and
/// carries the `apikey` when one is configured.
struct GoTrueEndpoint: Sendable {
    static let apiVersion = "2024-01-01"

    let baseURL: URL
    let apiKey: String?
    let transport: any HTTPTransport
    var timeout: Duration = .seconds(30)

    init(serverURL: URL, apiKey: String?, transport: any HTTPTransport) {
        baseURL = serverURL.appendingPathComponent("auth").appendingPathComponent("v1")
        self.apiKey = apiKey
        self.transport = transport
    }

    /// A request to `path` with the SDK's headers; `bearer` (a user's access token)
    /// replaces the api key in `Authorization`.
    func request(
        _ method: TransportRequest.Method, _ path: String, query: [String: String] = [:], body: JSONValue? = nil, bearer: String? = nil
    ) throws -> TransportRequest {
        var request = try HearthAPI.request(baseURL: baseURL, method, path, query: query, body: body, timeout: timeout)
        request.headers["X-Supabase-Api-Version"] = Self.apiVersion
        if let apiKey {
            request.headers["apikey"] = apiKey
            request.headers["Authorization"] = "Bearer \(apiKey)"
        }
        if let bearer { request.headers["Authorization"] = "Bearer \(bearer)" }
        return request
    }

    /// Sends `request`; an unsuccessful answer is thrown as ``ClientError/server(status:code:message:)``
    /// carrying GoTrue's code and message.
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await transport.send(request)
        guard response.isSuccess else { throw Self.error(from: response) }
        return response
    }

    /// Reads every error shape of the auth server: versioned `{"code","message"}`, legacy
    /// `{"code":<status>,"error_code","msg"}`, OAuth `{"error","error_description"}`, and
    /// the gateway's `{"message"}` about the api key.
    static func error(from response: TransportResponse) -> ClientError {
        guard let body = try? JSONParser().parse(response.body) else {
            return .server(status: response.status, code: nil, message: "The auth server answered HTTP \(response.status)")
        }
        func text(_ keys: [String]) -> String? { keys.lazy.compactMap { body[$0]?.stringValue }.first }
        let code = text(["code", "error_code", "error"])
        let message = text(["msg", "message", "error_description", "error"]) ?? "The auth server answered HTTP \(response.status)"
        return .server(status: response.status, code: code, message: message)
    }
}
