import Foundation
import HearthCore
import HearthIdentity
import HearthServer
import HearthStore

/// `POST /api/auth/apple` (spec §2.1 hardened by W14): the identity token is verified
/// (signature, issuer, audience, expiry, nonce); an existing account is linked only
/// through the token's own verified e-mail, never through the request body.
struct AppleSignIn: Sendable {
    let verifier: any IdentityTokenVerifier
    let database: any HearthDatabase
    let sessions: SessionStore

    func signIn(fields: RequestFields) async throws -> (UserRecord, SessionStore.Issued) {
        guard let token = try fields.string("identityToken"), !token.isEmpty else {
            throw PantryError.badRequest("Identity token is required")
        }
        let nonce = try fields.string("nonce")
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(identityToken: token, nonce: nonce)
        } catch {
            switch error {
            case .notConfigured:
                throw APIError(
                    .serviceUnavailable, code: HearthErrorCode("APPLE_NOT_CONFIGURED"), message: "Sign in with Apple is not configured on this server")
            case .keysUnavailable:
                throw APIError(.serviceUnavailable, code: .serviceUnavailable, message: "Apple's signing keys are unreachable; try again shortly")
            default:
                throw APIError(.unauthorized, code: HearthErrorCode("APPLE_TOKEN_INVALID"), message: "Apple Sign In failed")
            }
        }
        let names = try Self.names(fields)
        let bodyEmail = try fields.text("email")
        let now = sessions.clock.now
        return try await database.transaction { executor in
            let user = try await resolve(identity, bodyEmail: bodyEmail, names: names, now: now, in: executor)
            return (user, try await sessions.open(for: user, refreshable: try fields.bool("refreshable") ?? false, device: nil, in: executor))
        }
    }

    private func resolve(
        _ identity: VerifiedIdentity, bodyEmail: String?, names: (String?, String?), now: Timestamp, in executor: any SQLExecutor
    ) async throws -> UserRecord {
        if let linked = try await executor.queryFirst("SELECT \(UserRecord.columns) FROM pp_users WHERE apple_id = ?", [.text(identity.subject)]) {
            return try UserRecord(row: linked)
        }
        if let email = identity.email, identity.emailVerified,
            let existing = try await UserRecord.find(normalizedEmail: UserRecord.normalizedEmail(email), in: executor)
        {
            try await executor.execute("UPDATE pp_users SET apple_id = ? WHERE id = ?", [.text(identity.subject), .text(existing.id)])
            return existing
        }
        var email = identity.email ?? bodyEmail ?? "\(identity.subject)@privaterelay.appleid.com"
        if try await UserRecord.find(normalizedEmail: UserRecord.normalizedEmail(email), in: executor) != nil {
            // Someone else holds that address and it is not proven to be this Apple user's.
            email = "\(identity.subject)@privaterelay.appleid.com"
        }
        return try await UserRecord.insert(
            email: email, passwordHash: nil, firstName: names.0, lastName: names.1, appleID: identity.subject, now: now, in: executor)
    }

    /// `name`: Apple's name components as an object or serialized JSON
    /// (`givenName`/`familyName` or `firstName`/`lastName`).
    static func names(_ fields: RequestFields) throws -> (String?, String?) {
        var components = fields.object["name"]?.objectValue
        if components == nil, let text = try fields.string("name") {
            components = (try? JSONParser().parse(text))?.objectValue
        }
        guard let components else { return (nil, nil) }
        func part(_ keys: String...) -> String? {
            keys.lazy.compactMap { components[$0]?.stringValue?.trimmed }.first { !$0.isEmpty }.map { String($0.prefix(100)) }
        }
        return (part("givenName", "firstName"), part("familyName", "lastName"))
    }
}
