/// Errors raised by the storage layer itself (engine errors pass through unchanged).
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case unexpectedValue(column: String, expected: String)
    case invalidDatabaseURL(String)
    case unreachable(String)
    case cursorExpired
    case migrationFailed(module: String, version: Int, reason: String)

    public var description: String {
        switch self {
        case .unexpectedValue(let column, let expected): "column \(column) does not hold \(expected)"
        case .invalidDatabaseURL(let reason): "invalid database URL: \(reason)"
        case .unreachable(let reason): "cannot reach the database: \(reason)"
        case .cursorExpired: "the sync cursor is older than the retained history"
        case .migrationFailed(let module, let version, let reason):
            "migration \(module) v\(version) failed: \(reason)"
        }
    }
}
