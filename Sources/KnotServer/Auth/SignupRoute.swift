import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /auth/v1/signup` (research doc §5.1).
///
/// - Confirmations off (autoconfirm): the account is created confirmed and signed in,
///   200 Session; a confirmed address already registered is 422 `user_already_exists`.
/// - Confirmations on: 200 User with `confirmation_sent_at`, and a `signup` mail (its link
///   token prefixed `pkce_` when the request carried a PKCE challenge). A confirmed
///   address already registered gets a made-up User, so the answer does not tell whether
///   the address has an account; an unconfirmed one gets the mail again.
struct SignupRoute: Sendable {
    let core: KnotAuthCore

    private enum Outcome: Sendable {
        case session(JSONValue)
        case user(JSONValue, MailMessage?)
    }

    func handle(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard let emailText = try body.nonEmptyString("email", maxBytes: 1024) else {
            throw GoTrueError.validation("To signup, please provide your email")
        }
        let email = try AuthRequestBody.validatedEmail(emailText.trimmingCharacters(in: .whitespaces))
        guard let password = try body.nonEmptyString("password", maxBytes: 4096) else {
            throw GoTrueError.validation("Signup requires a valid password")
        }
        try core.checkNewPassword(password)
        let metadata = try body.metadata("data") ?? [:]
        let challenge = try PKCEChallenge.from(body)
        let redirect = core.redirects.target(request.uri.queryParameters.get("redirect_to"))
        try await core.services.authThrottle.checkAccount(email)
        let hash = try await core.services.passwords.hash(password)
        let client = KnotAuthCore.Client(request, context)
        let now = core.clock.now
        let core = core
        let outcome: Outcome = try await core.database.transaction { executor in
            if let existing = try await core.users.user(email: email, in: executor) {
                return try await Self.existing(
                    existing, passwordHash: hash, challenge: challenge, redirect: redirect, client: client, now: now, core: core, in: executor)
            }
            let autoconfirm = core.settings.mailerAutoconfirm
            guard
                let user = try await core.users.create(
                    .init(email: email, passwordHash: hash, confirmedAt: autoconfirm ? now : nil, confirmationSentAt: autoconfirm ? nil : now, userMetadata: metadata),
                    now: now, in: executor)
            else { throw GoTrueError(.unprocessableContent, "user_already_exists", "User already registered") }
            if autoconfirm {
                return .session(try await core.signIn(user, method: AuthMethod.password, provider: "email", client: client, now: now, in: executor))
            }
            let mail = try await Self.confirmationMail(for: user, challenge: challenge, redirect: redirect, now: now, core: core, in: executor)
            return .user(user.json, mail)
        }
        switch outcome {
        case .session(let session):
            return Response.json(session)
        case .user(let user, let mail):
            if let mail { try await core.mailer.send(mail) }
            return Response.json(user)
        }
    }

    private static func existing(
        _ user: AuthUser, passwordHash: String, challenge: PKCEChallenge?, redirect: String, client: KnotAuthCore.Client, now: Timestamp,
        core: KnotAuthCore, in executor: any SQLExecutor
    ) async throws -> Outcome {
        if user.isConfirmed {
            guard !core.settings.mailerAutoconfirm else {
                throw GoTrueError(.unprocessableContent, "user_already_exists", "User already registered")
            }
            return .user(AuthUser.decoy(email: user.email ?? "", metadata: [:], now: now).json, nil)
        }
        if core.settings.mailerAutoconfirm {
            // Nobody proved the address for the unconfirmed account either; the newest
            // sign-up takes it over, and whatever sessions it had end.
            try await core.users.setPasswordHash(passwordHash, of: user.id, now: now, in: executor)
            try await core.users.confirmEmail(of: user.id, now: now, in: executor)
            try await core.sessions.end(.global, userID: user.id, sessionID: nil, in: executor)
            return .session(try await core.signIn(user, method: AuthMethod.password, provider: "email", client: client, now: now, in: executor))
        }
        // GoTrue leaves the unconfirmed account as it is (nobody proved the address) and
        // sends the confirmation again.
        let mail = try await confirmationMail(for: user, challenge: challenge, redirect: redirect, now: now, core: core, in: executor)
        let current = try await core.users.user(id: user.id, in: executor) ?? user
        return .user(current.json, mail)
    }

    /// Claims the address's mail allowance and issues a `signup` token; the mail is sent
    /// once the transaction committed.
    static func confirmationMail(
        for user: AuthUser, challenge: PKCEChallenge?, redirect: String, now: Timestamp, core: KnotAuthCore, in executor: any SQLExecutor
    ) async throws -> MailMessage {
        let email = user.email ?? ""
        try await core.mailer.claimSend(to: email, now: now, in: executor)
        let token = OneTimeToken(type: "signup", userID: user.id, email: email, redirectTo: redirect, challenge: challenge)
        let issued = try await core.oneTimeTokens.issue(token, now: now, in: executor)
        try await core.users.setConfirmationSent(of: user.id, now: now, in: executor)
        return core.mailer.message(for: token, issued: issued, redirectTo: redirect)
    }
}
