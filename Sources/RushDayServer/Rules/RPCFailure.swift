import GRPCCore

/// The status codes of spec §2.4, with English messages that never carry SQL or secrets.
/// `INVALID_ARGUMENT` messages start with the offending field path.
enum RPCFailure {
    static func invalid(_ field: String, _ problem: String) -> RPCError {
        RPCError(code: .invalidArgument, message: "\(field): \(problem)")
    }

    static func notFound(_ what: String) -> RPCError {
        RPCError(code: .notFound, message: "\(what) not found")
    }

    static func denied(_ message: String) -> RPCError {
        RPCError(code: .permissionDenied, message: message)
    }

    static func precondition(_ message: String) -> RPCError {
        RPCError(code: .failedPrecondition, message: message)
    }

    static func exhausted(_ message: String) -> RPCError {
        RPCError(code: .resourceExhausted, message: message)
    }
}
