/// Failures of the client's own steps, with messages that say what to do.
public enum ListAllError: Error, Sendable, Hashable, CustomStringConvertible {
    case signedOut
    case notFound(String)
    case ambiguous(String)
    case invalid(String)

    public var description: String {
        switch self {
        case .signedOut: "You are not signed in. Run `hearth list login` (or `register`) first."
        case .notFound(let what): "\(what) was not found on this device. Run `hearth list sync` to fetch the latest data."
        case .ambiguous(let reason): reason
        case .invalid(let reason): reason
        }
    }
}
