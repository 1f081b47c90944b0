import Hummingbird

/// Requires `Authorization: Bearer <access token>` issued for `app`, whose account is not
/// disabled and whose session was not ended (both read from the database on every
/// request, so an operator's decision holds at once on every process), and puts the user
/// id in the context. Anything else is a 401 in the app's error format.
public struct BearerAuthMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    public let tokens: AccessTokens
    public let app: String
    public let states: AccountStates

    public init(tokens: AccessTokens, app: String, states: AccountStates) {
        self.tokens = tokens
        self.app = app
        self.states = states
    }

    /// `WWW-Authenticate: Bearer` on every 401 (RFC 6750).
    public static let challenge: HTTPFields = [.wwwAuthenticate: "Bearer"]

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.count > 7,
            header.prefix(7).lowercased() == "bearer "
        else {
            throw APIError(
                .unauthorized, code: .unauthorized, message: "Send an access token as 'Authorization: Bearer <token>'",
                headers: Self.challenge)
        }
        let claims: AccessTokenClaims
        do {
            claims = try await tokens.verify(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), audience: app)
        } catch AccessTokens.Failure.expired {
            throw APIError(.unauthorized, code: .tokenExpired, message: "The access token has expired; refresh it", headers: Self.challenge)
        } catch {
            throw APIError(.unauthorized, code: .unauthorized, message: "The access token is not valid for this app", headers: Self.challenge)
        }
        let state = try await states.state(app: app, userID: claims.sub)
        if state.isDisabled { throw APIError.accountDisabled(status: .unauthorized) }
        if state.hasEnded(sessionStartedAt: claims.issuedAt) { throw APIError.sessionEnded }
        var context = context
        context.userID = claims.sub
        context.logger[metadataKey: "user"] = .string(claims.sub)
        return try await next(request, context)
    }
}
