import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /auth/v1/otp` with an email: a magic link and code by mail (research doc §5.4).
///
/// - a confirmed account gets a `magiclink` mail;
/// - an unknown address with `create_user: false` is 422 `otp_disabled`;
/// - otherwise the account is created (or found unconfirmed): with confirmations off it
///   is confirmed and gets a `magiclink` mail, with them on a `signup` mail.
///
/// Always 200 `{}`; one mail per address per the email rate limit (429).
struct OTPRoute: Sendable {
    let core: KnotAuthCore

    func handle(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard let email = try body.email() else { throw GoTrueError.validation("An email address is required") }
        let createUser = try body.bool("create_user") ?? true
        let metadata = try body.metadata("data") ?? [:]
        let challenge = try PKCEChallenge.from(body)
        let redirect = core.redirects.target(request.uri.queryParameters.get("redirect_to"))
        try await core.services.authThrottle.checkAccount(email)
        let now = core.clock.now
        let core = core
        let mail: MailMessage = try await core.database.transaction { executor in
            var user = try await core.users.user(email: email, in: executor)
            if user == nil {
                guard createUser else { throw GoTrueError(.unprocessableContent, "otp_disabled", "Signups not allowed for otp") }
                user = try await core.users.create(.init(email: email, userMetadata: metadata), now: now, in: executor)
            }
            guard var user else { throw GoTrueError(.unprocessableContent, "user_already_exists", "User already registered") }
            if !user.isConfirmed {
                guard core.settings.mailerAutoconfirm else {
                    return try await SignupRoute.confirmationMail(for: user, challenge: challenge, redirect: redirect, now: now, core: core, in: executor)
                }
                try await core.users.confirmEmail(of: user.id, now: now, in: executor)
                user = try await core.users.user(id: user.id, in: executor) ?? user
            }
            try await core.mailer.claimSend(to: email, now: now, in: executor)
            let token = OneTimeToken(type: "magiclink", userID: user.id, email: email, redirectTo: redirect, challenge: challenge)
            let issued = try await core.oneTimeTokens.issue(token, now: now, in: executor)
            return core.mailer.message(for: token, issued: issued, redirectTo: redirect)
        }
        try await core.mailer.send(mail)
        return Response.json([:])
    }
}
