/// How an OAuth callback ends (spec §3.5): always a redirect to the flow's callback URL,
/// with the outcome in query parameters — the clients read them from the query string,
/// never from a fragment.
enum CallbackOutcome: Sendable, Hashable {
    case signedIn(accessToken: String, refreshToken: String, expiresIn: Int64, isNewUser: Bool)
    /// A web-page sign-in: the route opens a browser session for this user.
    case webSignedIn(userID: String)
    case linked(provider: String)
    case alreadyLinked(provider: String)
    case emailExists(email: String, provider: String)
    /// The provider's own `error` (its `error_description` when it sent one).
    case providerError(String)
    case authFailed(String)
    case serverError

    static let maxMessageLength = 200

    var queryItems: [(String, String)] {
        switch self {
        case .signedIn(let access, let refresh, let expiresIn, let isNewUser):
            let tokens = [("access_token", access), ("refresh_token", refresh), ("expires_in", String(expiresIn))]
            return isNewUser ? tokens + [("new_user", "true")] : tokens
        case .webSignedIn:
            return []
        case .linked(let provider):
            return [("linked", provider)]
        case .alreadyLinked(let provider):
            return [("error", "already_linked"), ("provider", provider)]
        case .emailExists(let email, let provider):
            return [("error", "email_exists"), ("email", email), ("provider", provider)]
        case .providerError(let text):
            return [("error", String(text.prefix(Self.maxMessageLength)))]
        case .authFailed(let message):
            return [("error", "auth_failed"), ("error_message", String(message.prefix(Self.maxMessageLength)))]
        case .serverError:
            return [("error", "server_error"), ("error_message", "An unexpected error occurred")]
        }
    }

    func location(callbackURL: String) -> String {
        URLQuery.appending(queryItems, to: callbackURL)
    }
}
