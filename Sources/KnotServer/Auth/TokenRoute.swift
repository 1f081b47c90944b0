import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /auth/v1/token?grant_type=password|refresh_token|pkce|id_token` (research doc
/// §5.2). Every grant answers 200 Session.
struct TokenRoute: Sendable {
    let core: KnotAuthCore

    func handle(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        let client = KnotAuthCore.Client(request, context)
        switch request.uri.queryParameters.get("grant_type") ?? "" {
        case "password": return Response.json(try await password(body, client: client))
        case "refresh_token": return Response.json(try await refresh(body))
        case "pkce": return Response.json(try await pkce(body, client: client))
        case "id_token": return Response.json(try await IDTokenGrant(core: core).signIn(body, client: client))
        default: throw GoTrueError(.badRequest, "invalid_credentials", "unsupported_grant_type")
        }
    }

    /// Email and password. Unknown address, wrong password and an account without one are
    /// the same 400 `invalid_credentials`, answered as slowly as a real check.
    func password(_ body: AuthRequestBody, client: KnotAuthCore.Client) async throws -> JSONValue {
        guard let emailText = try body.nonEmptyString("email", maxBytes: 1024) else {
            throw GoTrueError.validation("missing email or phone")
        }
        let email = emailText.trimmingCharacters(in: .whitespaces).lowercased()
        let password = try body.string("password", maxBytes: 4096) ?? ""
        try await core.services.authThrottle.checkAccount(email)
        let users = core.users
        let user = try await core.database.read { executor in try await users.user(email: email, in: executor) }
        guard let user, let hash = user.passwordHash, !password.isEmpty, password.utf8.count <= AuthRequestBody.maxPasswordBytes else {
            try await core.services.passwords.verifyNothing(password)
            throw GoTrueError.invalidCredentials
        }
        guard try await core.services.passwords.verify(password, against: hash) else { throw GoTrueError.invalidCredentials }
        guard user.isConfirmed else { throw GoTrueError.emailNotConfirmed }
        let now = core.clock.now
        let rehash = core.services.passwords.needsRehash(hash) ? try await core.services.passwords.hash(password) : nil
        let core = core
        return try await core.database.transaction { executor in
            if let rehash { try await core.users.setPasswordHash(rehash, of: user.id, now: now, in: executor) }
            return try await core.signIn(user, method: AuthMethod.password, provider: "email", client: client, now: now, in: executor)
        }
    }

    private enum Refreshed: Sendable {
        case session(JSONValue)
        case notFound
        case alreadyUsed
    }

    /// Rotation and reuse as ``AuthSessionStore`` describes; the session a reused token
    /// belonged to is deleted before the 400 is answered.
    func refresh(_ body: AuthRequestBody) async throws -> JSONValue {
        guard let token = try body.nonEmptyString("refresh_token", maxBytes: 1024) else {
            throw GoTrueError.oauth("refresh_token required", error: "invalid_request")
        }
        let now = core.clock.now
        let core = core
        let outcome: Refreshed = try await core.database.transaction { executor in
            switch try await core.sessions.refresh(token, now: now, in: executor) {
            case .issued(let session, let refreshToken):
                guard let user = try await core.users.user(id: session.userID, in: executor) else { return .notFound }
                return .session(core.sessionJSON(user: user, session: session, refreshToken: refreshToken, now: now))
            case .notFound: return .notFound
            case .alreadyUsed: return .alreadyUsed
            }
        }
        switch outcome {
        case .session(let session): return session
        case .notFound:
            throw GoTrueError(.badRequest, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
        case .alreadyUsed:
            throw GoTrueError(.badRequest, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
        }
    }

    private enum Exchanged: Sendable {
        case session(JSONValue)
        case failure(GoTrueError)
    }

    /// The auth code `GET /verify` sent the browser to the app with, and the verifier of
    /// the challenge the flow started with.
    func pkce(_ body: AuthRequestBody, client: KnotAuthCore.Client) async throws -> JSONValue {
        guard let code = try body.nonEmptyString("auth_code", maxBytes: 256), let verifier = try body.nonEmptyString("code_verifier", maxBytes: 256)
        else { throw GoTrueError.validation("invalid request: both auth code and code verifier should be non-empty") }
        let now = core.clock.now
        let core = core
        let notFound = GoTrueError(.notFound, "flow_state_not_found", "invalid flow state, no valid flow state found")
        let outcome: Exchanged = try await core.database.transaction { executor in
            switch try await core.flows.exchange(authCode: code, verifier: verifier, now: now, in: executor) {
            case .notFound:
                return .failure(notFound)
            case .expired:
                return .failure(GoTrueError(.unprocessableContent, "flow_state_expired", "invalid flow state, flow state has expired"))
            case .badVerifier:
                return .failure(GoTrueError(.badRequest, "bad_code_verifier", "code challenge does not match previously saved code verifier"))
            case .exchanged(let userID, let method):
                guard let user = try await core.users.user(id: userID, in: executor) else { return .failure(notFound) }
                return .session(try await core.signIn(user, method: method, provider: "email", client: client, now: now, in: executor))
            }
        }
        switch outcome {
        case .session(let session): return session
        case .failure(let error): throw error
        }
    }
}
