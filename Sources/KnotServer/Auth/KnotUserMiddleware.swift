import HearthCore
import HearthServer
import Hummingbird

/// Guards the Knot API (spec §4.4): see ``KnotAuth/requireUser``. Checks the token's
/// signature, expiry and audience, then in one query that its session exists (logout and
/// refresh-token reuse delete sessions) and its user exists.
public struct KnotUserMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    let core: KnotAuthCore

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], let token = BearerToken.parse(header), !core.isConfiguredKey(token) else {
            throw Self.refusal("Missing or invalid authorization header. Send 'Authorization: Bearer <access token>'")
        }
        let claims: AccessTokenClaims
        do {
            claims = try core.tokens.verify(token, now: core.clock.now)
        } catch .expired {
            throw Self.refusal("Token has expired; refresh it")
        } catch {
            throw Self.refusal("Invalid authentication token")
        }
        guard let sessionID = claims.sessionID, !claims.subject.isEmpty else { throw Self.refusal("Invalid authentication token") }
        let found = try await core.database.read { executor in
            try await executor.queryFirst(
                """
                SELECT s.id FROM knot_auth_sessions s JOIN knot_auth_users u ON u.id = s.user_id
                WHERE s.id = ? AND s.user_id = ? AND s.revoked_at IS NULL
                """, [.text(sessionID), .text(claims.subject)])
        }
        guard found != nil else { throw Self.refusal("Session has ended; sign in again") }
        var context = context
        context.userID = claims.subject
        context.sessionID = sessionID
        context.logger[metadataKey: "user"] = .string(claims.subject)
        return try await next(request, context)
    }

    static func refusal(_ message: String) -> APIError {
        APIError(.unauthorized, code: .unauthorized, message: message, headers: [.wwwAuthenticate: "Bearer"])
    }
}
