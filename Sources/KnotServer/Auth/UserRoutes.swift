import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `GET /auth/v1/user`, `PUT /auth/v1/user` (research doc §5.7) and `POST /auth/v1/logout`
/// (§5.8): the routes that need the caller's access token.
struct UserRoutes: Sendable {
    let core: KnotAuthCore

    func get(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        Response.json(try await core.caller(of: request).user.json)
    }

    /// Updates `data` (merged into `user_metadata`; a `null` value removes its key),
    /// `password` (other sessions end) and `email` (at once with confirmations off, else
    /// after the new address confirms through an `email_change` mail). 200 User.
    func put(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let (user, session) = try await core.caller(of: request)
        let body = try await AuthRequestBody.read(request, context: context)
        let data = try body.metadata("data")
        let password = try body.string("password", maxBytes: 4096)
        let email = try body.email()
        let challenge = try PKCEChallenge.from(body)
        let redirect = core.redirects.target(request.uri.queryParameters.get("redirect_to"))
        var newHash: String?
        if let password {
            guard !password.isEmpty else { throw GoTrueError.weakPassword(minimum: core.settings.passwordMinLength) }
            try core.checkNewPassword(password)
            if let current = user.passwordHash, try await core.services.passwords.verify(password, against: current) {
                throw GoTrueError(.unprocessableContent, "same_password", "New password should be different from the old password.")
            }
            newHash = try await core.services.passwords.hash(password)
        }
        let now = core.clock.now
        let core = core
        let newPasswordHash = newHash
        let (updated, mail): (AuthUser, MailMessage?) = try await core.database.transaction { executor in
            if let data {
                var merged = user.userMetadata.objectValue ?? [:]
                for (key, value) in data.objectValue ?? [:] {
                    if value.isNull { merged.removeValue(forKey: key) } else { merged[key] = value }
                }
                guard JSONValue.object(merged).serialized().count <= AuthRequestBody.maxMetadataBytes else {
                    throw GoTrueError.validation("'data' must be a JSON object of at most 16 KiB")
                }
                try await core.users.setUserMetadata(.object(merged), of: user.id, now: now, in: executor)
            }
            if let newPasswordHash {
                try await core.users.setPasswordHash(newPasswordHash, of: user.id, now: now, in: executor)
                try await core.sessions.end(.others, userID: user.id, sessionID: session?.id, in: executor)
            }
            var mail: MailMessage?
            if let email, email != user.email {
                if let holder = try await core.users.user(email: email, in: executor), holder.id != user.id { throw GoTrueError.emailExists }
                if core.settings.mailerAutoconfirm {
                    guard try await core.users.setEmail(email, of: user.id, now: now, in: executor) else { throw GoTrueError.emailExists }
                } else {
                    try await core.mailer.claimSend(to: email, now: now, in: executor)
                    let token = OneTimeToken(type: "email_change", userID: user.id, email: email, redirectTo: redirect, challenge: challenge)
                    let issued = try await core.oneTimeTokens.issue(token, now: now, in: executor)
                    mail = core.mailer.message(for: token, issued: issued, redirectTo: redirect)
                }
            }
            return (try await core.users.user(id: user.id, in: executor) ?? user, mail)
        }
        if let mail { try await core.mailer.send(mail) }
        return Response.json(updated.json)
    }

    /// `?scope=global` (default) ends every session of the user, `local` the token's,
    /// `others` all but the token's. 204 without a body.
    func logout(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let scopeText = request.uri.queryParameters.get("scope") ?? ""
        guard let scope = scopeText.isEmpty ? .global : LogoutScope(rawValue: scopeText) else {
            throw GoTrueError.validation("Unsupported logout scope \"\(scopeText.prefix(32))\"")
        }
        let (user, session) = try await core.caller(of: request)
        let sessions = core.sessions
        try await core.database.transaction { executor in
            try await sessions.end(scope, userID: user.id, sessionID: session?.id, in: executor)
        }
        return Response(status: .noContent)
    }
}
