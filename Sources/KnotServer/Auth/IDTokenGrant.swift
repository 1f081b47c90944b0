import HearthCore
import HearthIdentity
import HearthServer
import HearthStore

/// `POST /auth/v1/token?grant_type=id_token` with a Sign in with Apple or Google token
/// (spec §4.3, research doc §5.3). Failures of the token use GoTrue's OAuth error shape.
///
/// Which account a verified identity signs in to:
/// 1. the account already holding this provider subject;
/// 2. otherwise, when the token's email is verified, the account with that address (the
///    identity is linked to it);
/// 3. otherwise a new account (holding the address only when the token verified it).
struct IDTokenGrant: Sendable {
    let core: KnotAuthCore

    func signIn(_ body: AuthRequestBody, client: KnotAuthCore.Client) async throws -> JSONValue {
        guard let provider = try body.nonEmptyString("provider", maxBytes: 64)?.lowercased() else {
            throw GoTrueError.oauth("provider or client_id and issuer required")
        }
        guard let token = try body.nonEmptyString("id_token", maxBytes: 16 * 1024) else { throw GoTrueError.oauth("id_token required") }
        let verifier: (any IdentityTokenVerifier)?
        let issuer: String
        switch provider {
        case "apple": (verifier, issuer) = (core.apple, core.settings.appleIssuer)
        case "google": (verifier, issuer) = (core.google, "https://accounts.google.com")
        default: throw GoTrueError.validation("Custom OIDC provider \"\(provider.prefix(64))\" not allowed")
        }
        let disabled = GoTrueError(.badRequest, "provider_disabled", "Provider (issuer \"\(issuer)\") is not enabled")
        guard let verifier else { throw disabled }
        let nonce = try body.nonEmptyString("nonce", maxBytes: 1024)
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(identityToken: token, nonce: nonce)
        } catch {
            core.services.logger.info("id_token refused", metadata: ["provider": .string(provider), "reason": .string(error.description)])
            throw Self.error(for: error, disabled: disabled)
        }
        let now = core.clock.now
        let core = core
        let signIn = {
            try await core.database.transaction { executor in
                let user = try await Self.account(for: identity, provider: provider, now: now, core: core, in: executor)
                return try await core.signIn(user, method: AuthMethod.oauth, provider: provider, client: client, now: now, in: executor)
            }
        }
        do {
            return try await signIn()
        } catch let error as GoTrueError {
            throw error
        } catch {
            // Two first sign-ins of the same person at once: the loser's identity insert hits
            // the unique (provider, subject); run again, and it finds the winner's account.
            return try await signIn()
        }
    }

    static func error(for failure: IdentityTokenFailure, disabled: GoTrueError) -> GoTrueError {
        switch failure {
        case .notConfigured: disabled
        case .keysUnavailable: GoTrueError(.serviceUnavailable, "unexpected_failure", "Unable to fetch the provider's signing keys; try again shortly")
        case .wrongAudience: .oauth("Unacceptable audience in id_token")
        case .noSubject: .oauth("Missing sub claim in id_token")
        case .nonceMissing: .oauth("Passed nonce and nonce in id_token should either both exist or not.")
        case .nonceMismatch: .oauth("Nonces mismatch")
        default: .oauth("Bad ID token")
        }
    }

    static func account(
        for identity: VerifiedIdentity, provider: String, now: Timestamp, core: KnotAuthCore, in executor: any SQLExecutor
    ) async throws -> AuthUser {
        var data: [String: JSONValue] = [
            "iss": .string(identity.issuer), "sub": .string(identity.subject), "provider_id": .string(identity.subject),
            "email_verified": .bool(identity.emailVerified), "phone_verified": false,
        ]
        if let email = identity.email { data["email"] = .string(email) }
        if let user = try await core.users.user(provider: provider, subject: identity.subject, in: executor) {
            return user
        }
        let verifiedEmail = identity.emailVerified ? identity.email.flatMap { try? AuthRequestBody.validatedEmail($0) } : nil
        if let email = verifiedEmail, let existing = try await core.users.user(email: email, in: executor) {
            if !existing.isConfirmed {
                // Someone registered the address without proving it; the provider just did.
                // Their password and sessions must not give them this person's account.
                try await core.users.setPasswordHash(nil, of: existing.id, now: now, in: executor)
                try await core.sessions.end(.global, userID: existing.id, sessionID: nil, in: executor)
                try await core.users.confirmEmail(of: existing.id, now: now, in: executor)
            }
            try await core.users.addIdentity(
                userID: existing.id, provider: provider, subject: identity.subject, data: .object(data), email: email, now: now, in: executor)
            try await core.users.addProvider(provider, to: existing, now: now, in: executor)
            return try await core.users.user(id: existing.id, in: executor) ?? existing
        }
        var new = AuthUserStore.NewUser(
            email: verifiedEmail, confirmedAt: verifiedEmail == nil ? nil : now, userMetadata: .object(data), provider: provider,
            providerSubject: identity.subject, providerData: .object(data))
        if let user = try await core.users.create(new, now: now, in: executor) { return user }
        // The address was taken by a concurrent sign-up: keep the account, without it.
        new.email = nil
        new.confirmedAt = nil
        guard let user = try await core.users.create(new, now: now, in: executor) else {
            throw GoTrueError(.internalServerError, "unexpected_failure", "Could not create the account")
        }
        return user
    }
}
