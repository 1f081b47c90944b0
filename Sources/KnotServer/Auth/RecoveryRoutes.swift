import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /auth/v1/recover` (a password-reset mail; the app verifies it with type
/// `recovery`, then sets the password with `PUT /user`) and `POST /auth/v1/resend` (the
/// confirmation mail again, type `signup`). Both answer 200 `{}` whether or not the
/// address has an account, so they reveal nothing; both count against the address's
/// mail allowance.
struct RecoveryRoutes: Sendable {
    let core: KnotAuthCore

    func recover(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard let email = try body.email() else { throw GoTrueError.validation("Password recovery requires an email") }
        let challenge = try PKCEChallenge.from(body)
        let redirect = core.redirects.target(request.uri.queryParameters.get("redirect_to"))
        try await core.services.authThrottle.checkAccount(email)
        let now = core.clock.now
        let core = core
        let mail: MailMessage? = try await core.database.transaction { executor in
            guard let user = try await core.users.user(email: email, in: executor) else { return nil }
            try await core.mailer.claimSend(to: email, now: now, in: executor)
            let token = OneTimeToken(type: "recovery", userID: user.id, email: email, redirectTo: redirect, challenge: challenge)
            let issued = try await core.oneTimeTokens.issue(token, now: now, in: executor)
            return core.mailer.message(for: token, issued: issued, redirectTo: redirect)
        }
        if let mail { try await core.mailer.send(mail) }
        return Response.json([:])
    }

    func resend(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard try body.nonEmptyString("type", maxBytes: 32) == "signup" else {
            throw GoTrueError.validation("Missing one of these types: signup")
        }
        guard let email = try body.email() else { throw GoTrueError.validation("An email address is required") }
        let challenge = try PKCEChallenge.from(body)
        let redirect = core.redirects.target(request.uri.queryParameters.get("redirect_to"))
        try await core.services.authThrottle.checkAccount(email)
        let now = core.clock.now
        let core = core
        let mail: MailMessage? = try await core.database.transaction { executor in
            guard let user = try await core.users.user(email: email, in: executor), !user.isConfirmed else { return nil }
            return try await SignupRoute.confirmationMail(for: user, challenge: challenge, redirect: redirect, now: now, core: core, in: executor)
        }
        if let mail { try await core.mailer.send(mail) }
        return Response.json([:])
    }
}
