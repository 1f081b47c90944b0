/// Failures of the app's own rules, with messages that say what to do.
public enum WishWithMeError: Error, Sendable, Hashable, CustomStringConvertible {
    case signedOut
    case notFound(String)
    case notAllowed(String)
    case invalid(String)
    case unsyncedChanges(Int)

    public var description: String {
        switch self {
        case .signedOut: "You are not signed in. Run `hearth wish login` (or `register`) first."
        case .notFound(let what): "\(what) was not found on this device. Run `hearth wish sync` to fetch the latest data."
        case .notAllowed(let reason): reason
        case .invalid(let reason): reason
        case .unsyncedChanges(let count):
            "\(count) change(s) have not reached the server yet. Run `hearth wish sync` while online, or sign out with --discard to drop them."
        }
    }
}
