import HearthClient
import HearthCore

/// Everything a Knot screen may have to explain, with the server's own words where it
/// gave some (`detail` of the Knot API, `message` of the auth server).
public enum KnotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No stored session, or the server ended it (refresh refused, account deleted).
    case signedOut
    /// The server could not be reached.
    case offline(String)
    case timedOut
    /// The auth server refused: `code` is GoTrue's (`invalid_credentials`,
    /// `user_already_exists`, `weak_password`, …).
    case auth(status: Int, code: String?, message: String)
    /// 404 "No partner vault found. Complete onboarding first.": onboarding comes first.
    case noVault(detail: String)
    /// 404 for anything else missing or not the caller's.
    case notFound(detail: String)
    /// 409, e.g. a vault that already exists.
    case conflict(detail: String)
    /// 422 from the server, or the same rule broken before sending: `field` is the path
    /// (`milestones.1.budget_tier`), `nil` for the body as a whole.
    case invalid(field: String?, message: String)
    /// Any other unsuccessful answer (500 when no recommendation could be made).
    case server(status: Int, detail: String)
    /// The answer could not be read.
    case invalidResponse(String)

    /// The `detail` of the server's "no vault" 404 (spec §5.0, [FACT]).
    public static let noVaultDetail = "No partner vault found. Complete onboarding first."

    public var description: String {
        switch self {
        case .signedOut: "You are signed out. Sign in again."
        case .offline(let reason): "The server could not be reached (\(reason))."
        case .timedOut: "The server did not answer in time."
        case .auth(_, _, let message): message
        case .noVault(let detail): detail
        case .notFound(let detail): detail
        case .conflict(let detail): detail
        case .invalid(let field, let message): field.map { "\($0): \(message)" } ?? message
        case .server(let status, let detail): "\(detail) (HTTP \(status))"
        case .invalidResponse(let reason): "The server's answer could not be read: \(reason)"
        }
    }

    /// The same failure in Knot's terms: a ``ClientError`` from the transport or the session.
    static func from(_ error: any Error) -> any Error {
        guard let client = error as? ClientError else { return error }
        switch client {
        case .signedOut: return KnotError.signedOut
        case .offline(let reason): return KnotError.offline(reason)
        case .timedOut: return KnotError.timedOut
        case .invalidResponse(let reason): return KnotError.invalidResponse(reason)
        case .server(let status, let code, let message):
            return status == 401 ? KnotError.signedOut : KnotError.auth(status: status, code: code, message: message)
        }
    }

    /// An unsuccessful Knot API answer, read from FastAPI's `{"detail": …}` shapes.
    static func fromAPI(_ response: TransportResponse) -> KnotError {
        let body = try? JSONParser().parse(response.body)
        if response.status == 422 {
            if let first = body?["detail"]?[0] {
                let location = first["loc"]?.arrayValue ?? []
                let path = location.dropFirst().map { part in part.stringValue ?? part.intValue.map { String($0) } ?? "" }
                return .invalid(field: path.isEmpty ? nil : path.joined(separator: "."), message: first["msg"]?.stringValue ?? "Invalid")
            }
            return .invalid(field: nil, message: body?["detail"]?.stringValue ?? "The request is invalid")
        }
        let detail = body?["detail"]?.stringValue ?? body?["message"]?.stringValue ?? "HTTP \(response.status)"
        switch response.status {
        case 401: return .signedOut
        case 404 where detail == noVaultDetail: return .noVault(detail: detail)
        case 404: return .notFound(detail: detail)
        case 409: return .conflict(detail: detail)
        default: return .server(status: response.status, detail: detail)
        }
    }
}
