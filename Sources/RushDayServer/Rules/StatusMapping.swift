import GRPCCore
import HearthStore
import Logging

/// Turns what a handler threw into the status of spec §2.4: `RPCError`s pass through,
/// cancellation is `CANCELLED`, an unreachable database `UNAVAILABLE`, anything else
/// `INTERNAL` — with an English message that never carries SQL or secrets (the detail
/// goes to the log).
struct StatusMapping: Sendable {
    let logger: Logger

    func status(for error: any Error, method: MethodDescriptor) -> RPCError {
        switch error {
        case let error as RPCError:
            return error
        case is CancellationError:
            return RPCError(code: .cancelled, message: "the call was cancelled")
        case StoreError.unreachable:
            logger.warning("storage unavailable", metadata: ["method": "\(method)", "error": "\(error)"])
            return RPCError(code: .unavailable, message: "storage is temporarily unavailable; try again")
        default:
            logger.error("unexpected failure", metadata: ["method": "\(method)", "error": "\(error)"])
            return RPCError(code: .internalError, message: "internal error")
        }
    }

    /// Runs `body`, mapping what it throws.
    func run<T>(_ method: MethodDescriptor, _ body: () async throws -> T) async throws(RPCError) -> T {
        do {
            return try await body()
        } catch {
            throw status(for: error, method: method)
        }
    }
}
