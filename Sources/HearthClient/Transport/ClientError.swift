import Foundation
import HearthCore

/// Everything that can go wrong talking to a Hearth server, in terms a caller can act on.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached (no network, refused connection, DNS failure).
    case offline(String)
    /// The exchange took longer than its deadline.
    case timedOut
    /// The server answered with an error; `code` comes from a structured body when there is one.
    case server(status: Int, code: String?, message: String)
    /// There are no stored credentials, or the session could not be refreshed.
    case signedOut
    /// The server's answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .offline(let reason): "The server could not be reached (\(reason))."
        case .timedOut: "The server did not answer in time."
        case .server(let status, _, let message): "\(message) (HTTP \(status))"
        case .signedOut: "You are signed out."
        case .invalidResponse(let reason): "The server's answer could not be read: \(reason)"
        }
    }

    /// `true` for failures that say nothing about the request itself: retry later.
    public var isTransient: Bool {
        switch self {
        case .offline, .timedOut: true
        case .server(let status, _, _): status == 429 || status >= 500
        case .signedOut, .invalidResponse: false
        }
    }

    /// Maps an unsuccessful response to an error: the structured body first (Hearth's
    /// `{"error":{"code","message"}}`, or the `{"detail": …}` of the original apps' servers),
    /// then the status code.
    public static func from(_ response: TransportResponse) -> ClientError {
        if let value = try? JSONParser().parse(response.body) {
            if let code = value["error"]?["code"]?.stringValue {
                return .server(
                    status: response.status, code: code,
                    message: value["error"]?["message"]?.stringValue ?? statusMessage(response.status))
            }
            if let detail = value["detail"]?.stringValue {
                return .server(status: response.status, code: nil, message: detail)
            }
            if let first = value["detail"]?[0], let message = first["msg"]?.stringValue {
                let field = first["loc"]?.arrayValue?.last?.stringValue
                return .server(status: response.status, code: nil, message: field.map { "\($0): \(message)" } ?? message)
            }
        }
        return .server(status: response.status, code: nil, message: statusMessage(response.status))
    }

    static func statusMessage(_ status: Int) -> String {
        switch status {
        case 400: "The request was not accepted"
        case 401: "Authentication is required"
        case 403: "You are not allowed to do this"
        case 404: "Not found"
        case 409: "This conflicts with existing data"
        case 410: "This is no longer available"
        case 413: "The request is too large"
        case 422: "The request is invalid"
        case 429: "Too many requests; try again shortly"
        case 500..<600: "The server failed to handle the request"
        default: "Unexpected answer from the server"
        }
    }
}
