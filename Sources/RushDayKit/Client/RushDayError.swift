import GRPCCore
import HearthClient

/// Why a Rush Day call failed, in terms a person (or a screen) can act on. Built from the
/// gRPC status of an RPC (spec §2.4) or the answer of the HTTP account routes.
public enum RushDayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No stored session, or the server refused to renew it: sign in again.
    case signedOut
    /// The server could not be reached (gRPC `UNAVAILABLE`, refused connection).
    case offline(String)
    /// The call took longer than its deadline.
    case timedOut
    /// The request was malformed; the message starts with the field path.
    case invalidArgument(String)
    /// The item does not exist, or it is not shared with this account.
    case notFound(String)
    /// The account may see the event but not change it this way.
    case permissionDenied(String)
    /// The request is valid but the current state forbids it.
    case failedPrecondition(String)
    /// A per-event limit or a rate limit was reached.
    case limitReached(String)
    /// The server does not offer this call (yet).
    case notAvailable(String)
    /// The account routes refused (wrong password, email already used, …).
    case accountRefused(status: Int, message: String)
    /// Anything else the server reported.
    case server(String)

    public var description: String {
        switch self {
        case .signedOut: "You are signed out; sign in again."
        case .offline(let reason): "The server could not be reached (\(reason))."
        case .timedOut: "The server did not answer in time; try again."
        case .invalidArgument(let message): "The server did not accept the request: \(message)"
        case .notFound(let message): "Not found: \(message). Check the id, or ask the owner to share the event with you."
        case .permissionDenied(let message): "Not allowed: \(message). Only the owner (or an admin co-host) can do this."
        case .failedPrecondition(let message): "Cannot do this now: \(message)"
        case .limitReached(let message): "A limit was reached: \(message)"
        case .notAvailable(let message): "This server does not offer that yet (\(message)); update the server."
        case .accountRefused(_, let message): message
        case .server(let message): "The server failed: \(message)"
        }
    }

    /// A stable name for the kind of failure (`not_found`, `permission_denied`, …), for
    /// scripts and tests.
    public var code: String {
        switch self {
        case .signedOut: "signed_out"
        case .offline: "offline"
        case .timedOut: "timed_out"
        case .invalidArgument: "invalid_argument"
        case .notFound: "not_found"
        case .permissionDenied: "permission_denied"
        case .failedPrecondition: "failed_precondition"
        case .limitReached: "limit_reached"
        case .notAvailable: "not_available"
        case .accountRefused: "account_refused"
        case .server: "server"
        }
    }

    /// The server answered and said no: an optimistic local change must be undone.
    public var isRefusal: Bool {
        switch self {
        case .invalidArgument, .notFound, .permissionDenied, .failedPrecondition, .limitReached, .notAvailable, .accountRefused: true
        case .signedOut, .offline, .timedOut, .server: false
        }
    }

    /// Nothing was decided: the same call may work later.
    public var isTransient: Bool {
        switch self {
        case .offline, .timedOut: true
        default: false
        }
    }

    /// The error an RPC failure stands for.
    public init(_ error: RPCError) {
        let message = error.message
        switch error.code {
        case .unauthenticated: self = .signedOut
        case .unavailable: self = .offline(message.isEmpty ? "unavailable" : message)
        case .deadlineExceeded, .cancelled: self = .timedOut
        case .invalidArgument, .outOfRange: self = .invalidArgument(message)
        case .notFound: self = .notFound(message)
        case .permissionDenied: self = .permissionDenied(message)
        case .failedPrecondition, .alreadyExists, .aborted: self = .failedPrecondition(message)
        case .resourceExhausted: self = .limitReached(message)
        case .unimplemented: self = .notAvailable(message)
        default: self = .server(message.isEmpty ? "\(error.code)" : message)
        }
    }

    /// The error an HTTP account call failure stands for.
    public init(_ error: ClientError) {
        switch error {
        case .signedOut: self = .signedOut
        case .offline(let reason): self = .offline(reason)
        case .timedOut: self = .timedOut
        case .server(let status, _, let message) where (400..<500).contains(status): self = .accountRefused(status: status, message: message)
        case .server(_, _, let message): self = .server(message)
        case .invalidResponse(let reason): self = .server(reason)
        }
    }

    /// Any error of a Rush Day call, as a ``RushDayError``.
    public static func from(_ error: any Error) -> RushDayError {
        switch error {
        case let error as RushDayError: error
        case let error as RPCError: RushDayError(error)
        case let error as ClientError: RushDayError(error)
        case let error as RuntimeError: .offline(error.message)
        case is CancellationError: .timedOut
        default: .server(String(describing: error))
        }
    }
}
