/// What an operator asked for that cannot be done, in words for them.
public enum AdminFailure: Error, Sendable, Hashable, CustomStringConvertible {
    case noSuchAccount(String, app: String)

    public var description: String {
        switch self {
        case .noSuchAccount(let reference, let app): "\(app) has no account with the email or user id '\(reference)'"
        }
    }
}
