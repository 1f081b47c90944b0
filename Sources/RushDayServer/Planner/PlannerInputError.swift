/// A validation failure of planner input (§5.2). The gRPC layer maps it to `INVALID_ARGUMENT`
/// with ``message`` as the status message, before any stream message is sent.
public struct PlannerInputError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
