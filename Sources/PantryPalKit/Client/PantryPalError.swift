/// Failures of the app's own rules, with messages that say what to do.
public enum PantryPalError: Error, Sendable, Hashable, CustomStringConvertible {
    case signedOut
    case noHousehold
    case notFound(String)
    case notInStock(String)
    case limitReached(Int)
    case invalid(String)
    case needsServer(String)
    case unsyncedChanges(Int)

    public var description: String {
        switch self {
        case .signedOut: "You are not signed in. Run `hearth pantry login` (or `register`) first."
        case .noHousehold:
            "You are not in a household yet. Create one with `hearth pantry household create` or join one with `hearth pantry household join <code>`."
        case .notFound(let what): "\(what) was not found on this device. Run `hearth pantry sync` to fetch the latest data."
        case .notInStock(let product): "There is no \(product) in stock."
        case .limitReached(let limit):
            "The free plan holds \(limit) items; this household is at the limit. Upgrade to Premium, or remove something first."
        case .invalid(let reason): reason
        case .needsServer(let what): "\(what) needs the server, which cannot be reached right now. Try again when it is back."
        case .unsyncedChanges(let count):
            "\(count) change(s) have not reached the server yet. Run `hearth pantry sync` while online, or pass --discard to drop them."
        }
    }
}
