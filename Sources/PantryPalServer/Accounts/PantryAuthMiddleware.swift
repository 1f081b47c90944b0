import HearthCore
import HearthServer
import HTTPTypes
import Hummingbird

/// Requires a PantryPal bearer token backed by a live session (W11). Like the original it
/// reads the second word of `Authorization` whatever the scheme word is. Failures are 401
/// `{error:"Unauthorized", code:"TOKEN_…"}` with `WWW-Authenticate: Bearer`. A long-lived
/// token older than seven days is answered with a fresh one in `X-Refreshed-Token`.
struct PantryAuthMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let sessions: SessionStore

    static let refreshedTokenHeader = HTTPField.Name.known("X-Refreshed-Token")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let words = (request.headers[.authorization] ?? "").split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2 else { throw Self.unauthorized("TOKEN_MISSING") }
        let claims: PantryTokenClaims
        do {
            claims = try await sessions.tokens.verify(String(words[1]))
        } catch .expired {
            throw Self.unauthorized("TOKEN_EXPIRED")
        } catch {
            throw Self.unauthorized("TOKEN_INVALID")
        }
        let user: UserRecord
        let lastSeen: Timestamp
        do {
            (user, lastSeen) = try await sessions.check(claims)
        } catch SessionStore.Failure.userNotFound {
            throw Self.unauthorized("USER_NOT_FOUND")
        } catch SessionStore.Failure.revoked {
            throw Self.unauthorized("TOKEN_REVOKED")
        } catch SessionStore.Failure.disabled {
            throw APIError.accountDisabled(status: .unauthorized)
        }
        var context = context
        context.userID = user.id
        context.sessionID = claims.jti
        context.logger[metadataKey: "user"] = .string(user.id)
        var response = try await next(request, context)
        let now = sessions.clock.now
        let age = now.millisecondsSince1970 / 1000 - claims.iat
        // The original app ignores the header and keeps its old token, so renew (a write)
        // at most once a day per session rather than on every request.
        if claims.exp - claims.iat > PantryTokens.slideAfterSeconds, age > PantryTokens.slideAfterSeconds,
            lastSeen < now.adding(seconds: -86_400)
        {
            response.headers[Self.refreshedTokenHeader] = try await sessions.slide(claims, user: user)
        }
        return response
    }

    static func unauthorized(_ code: String) -> APIError {
        APIError(.unauthorized, code: HearthErrorCode(code), message: "Unauthorized", headers: BearerAuthMiddleware.challenge)
    }
}
