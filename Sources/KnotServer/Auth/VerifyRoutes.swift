import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /auth/v1/verify` (a code or a link token from the app, research doc §5.5) and
/// `GET /auth/v1/verify` (the mail link opened in a browser, §5.6).
struct VerifyRoutes: Sendable {
    let core: KnotAuthCore

    /// What a valid token leads to.
    private enum Verified: Sendable {
        case session(JSONValue)
        /// A PKCE flow: the browser goes back to the app with this auth code.
        case authCode(String, redirectTo: String?)
        case failure(GoTrueError)
    }

    /// `{type, email, token}` or `{type, token_hash}` → 200 Session (amr `otp`), the email
    /// confirmed; a wrong, used or expired token is 403 `otp_expired`.
    func verifyPost(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard let type = try body.nonEmptyString("type", maxBytes: 32) else { throw GoTrueError.validation("Verify requires a verification type") }
        guard let types = OneTimeTokenStore.acceptedTypes(for: type) else { throw GoTrueError.validation("Unsupported verification type") }
        let code = try body.nonEmptyString("token", maxBytes: 256)?.trimmingCharacters(in: .whitespaces)
        let tokenHash = try body.nonEmptyString("token_hash", maxBytes: 256)
        let email = try body.email()
        let client = KnotAuthCore.Client(request, context)
        let now = core.clock.now
        let core = core
        let verified: Verified
        switch (code, tokenHash) {
        case (let code?, nil):
            guard let email else { throw GoTrueError.validation("Verify requires an email address with a token") }
            try await core.services.authThrottle.checkAccount(email)
            verified = try await core.database.transaction { executor in
                guard let token = try await core.oneTimeTokens.consume(email: email, code: code, types: types, now: now, in: executor) else {
                    return .failure(.otpExpired)
                }
                return try await Self.apply(token, pkce: false, client: client, now: now, core: core, in: executor)
            }
        case (nil, let hash?):
            guard email == nil else { throw GoTrueError.validation("Only the token_hash and type should be provided") }
            verified = try await core.database.transaction { executor in
                guard let token = try await core.oneTimeTokens.consume(linkToken: hash, types: types, now: now, in: executor) else {
                    return .failure(.linkExpired)
                }
                return try await Self.apply(token, pkce: false, client: client, now: now, core: core, in: executor)
            }
        default:
            throw GoTrueError.validation("Verify requires either a token or a token hash")
        }
        switch verified {
        case .session(let session): return Response.json(session)
        case .failure(let error): throw error
        case .authCode: throw GoTrueError(.internalServerError, "unexpected_failure", "A code was issued where a session was due")
        }
    }

    /// The mail link: 303 to the allowed `redirect_to` (else the site URL) with
    /// `?code=<auth code>` for a PKCE link, or the session in the fragment otherwise;
    /// failures carry `error=access_denied&error_code=otp_expired…` in the fragment (and
    /// the query, for PKCE). Needs no `apikey`: a browser opens it.
    func verifyGet(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let linkToken = query.get("token") ?? ""
        let type = query.get("type") ?? ""
        let requested = core.redirects.allowed(query.get("redirect_to"))
        let isPKCE = linkToken.hasPrefix(OneTimeTokenStore.pkcePrefix)
        let types = OneTimeTokenStore.acceptedTypes(for: type) ?? []
        let client = KnotAuthCore.Client(request, context)
        let now = core.clock.now
        let core = core
        let verified: Verified =
            linkToken.isEmpty || linkToken.utf8.count > 256
            ? .failure(.linkExpired)
            : try await core.database.transaction { executor in
                guard let token = try await core.oneTimeTokens.consume(linkToken: linkToken, types: types, now: now, in: executor) else {
                    return .failure(.linkExpired)
                }
                return try await Self.apply(token, pkce: true, client: client, now: now, core: core, in: executor)
            }
        switch verified {
        case .session(let session):
            let target = requested ?? core.siteURL
            let fragment: [(String, String)] = [
                ("access_token", session["access_token"]?.stringValue ?? ""), ("expires_at", String(session["expires_at"]?.intValue ?? 0)),
                ("expires_in", String(session["expires_in"]?.intValue ?? 0)), ("refresh_token", session["refresh_token"]?.stringValue ?? ""),
                ("sb", ""), ("token_type", "bearer"), ("type", type),
            ]
            return Self.redirect(to: target, fragment: FormEncoding.query(fragment))
        case .authCode(let code, let stored):
            let target = requested ?? core.redirects.allowed(stored) ?? core.siteURL
            return Self.redirect(to: target + (target.contains("?") ? "&" : "?") + FormEncoding.query([("code", code)]))
        case .failure(let error):
            let target = requested ?? core.siteURL
            let details: [(String, String)] = [
                ("error", "access_denied"), ("error_code", error.code), ("error_description", error.message),
            ]
            let withQuery = isPKCE ? target + (target.contains("?") ? "&" : "?") + FormEncoding.query(details) : target
            return Self.redirect(to: withQuery, fragment: FormEncoding.query(details + [("sb", "")]))
        }
    }

    private static func redirect(to target: String, fragment: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.location] = fragment.map { target + "#" + $0 } ?? target
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// Applies a consumed token to its account (confirms the address, or moves it for an
    /// email change) and signs in: a session, or for a PKCE link opened in a browser
    /// (`pkce` and the token has a challenge) a flow whose auth code the app exchanges.
    private static func apply(
        _ token: OneTimeToken, pkce: Bool, client: KnotAuthCore.Client, now: Timestamp, core: KnotAuthCore, in executor: any SQLExecutor
    ) async throws -> Verified {
        guard let userID = token.userID, let user = try await core.users.user(id: userID, in: executor) else { return .failure(.linkExpired) }
        if token.type == "email_change" {
            guard try await core.users.setEmail(token.email, of: user.id, now: now, in: executor) else { throw GoTrueError.emailExists }
        } else {
            try await core.users.confirmEmail(of: user.id, now: now, in: executor)
        }
        if pkce, let challenge = token.challenge {
            let code = try await core.flows.start(userID: user.id, challenge: challenge, method: flowMethod(token.type), now: now, in: executor)
            return .authCode(code, redirectTo: token.redirectTo)
        }
        return .session(try await core.signIn(user, method: AuthMethod.otp, provider: "email", client: client, now: now, in: executor))
    }

    /// The `amr` method a PKCE exchange records (GoTrue uses the flow's method).
    static func flowMethod(_ type: String) -> String {
        switch type {
        case "signup": AuthMethod.emailSignup
        case "email_change": AuthMethod.emailChange
        case "recovery": AuthMethod.recovery
        default: AuthMethod.magicLink
        }
    }
}
