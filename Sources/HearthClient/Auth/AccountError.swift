/// Why an account step was refused on this device.
public enum AccountError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsyncedChanges(Int)

    public var description: String {
        switch self {
        case .unsyncedChanges(let count):
            "\(count) change(s) have not reached the server yet. Sync while online, or sign out with --discard to drop them."
        }
    }
}
