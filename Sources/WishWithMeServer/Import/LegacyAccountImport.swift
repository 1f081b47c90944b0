import HearthCore
import HearthServer
import HearthStore

/// Users and their OAuth links. A user keeps their id (bare UUIDs of the original's OAuth
/// sign-ups included, spec §1.3), their email and their bcrypt password hash, which
/// Hearth verifies and upgrades at the next sign-in. A user without an email takes the
/// email of a linked provider account; with none at all they become an OAuth-only
/// account (decision §10.3). Refresh tokens stay behind: devices sign in once more.
struct LegacyAccountImport {
    func importUsers(_ users: [CouchDBDocument], socialAccounts: [CouchDBDocument], into run: inout ImportRun) async throws {
        let providerEmails = Dictionary(
            socialAccounts.compactMap { social in social["user_id"].flatMap { user in social["email"].map { (user, $0) } } },
            uniquingKeysWith: { first, _ in first })
        for user in users {
            try await importUser(user, providerEmail: providerEmails[user.id], into: &run)
            run.advance()
        }
        for social in socialAccounts {
            try await importSocialAccount(social, into: &run)
            run.advance()
        }
    }

    private func importUser(_ user: CouchDBDocument, providerEmail: String?, into run: inout ImportRun) async throws {
        let kind = "user"
        guard UserID.isValid(user.id) else { return run.report.refuse(user.id, kind: kind, because: "not a user id") }
        if try await run.exists(user.id) { return run.report.alreadyPresent(kind) }
        let email = (user["email"] ?? providerEmail).map { $0.lowercased() }
        if let email {
            guard (try? EmailAddress.validated(email)) != nil else { return run.report.refuse(user.id, kind: kind, because: "'\(email.prefix(80))' is not an email address") }
            let owner = try await run.writer.executor.queryFirst("SELECT user_id FROM wwm_accounts WHERE email = ?", [.text(email)])
            if owner != nil { return run.report.refuse(user.id, kind: kind, because: "\(email) already belongs to another Hearth account") }
        }
        var profile: [String: JSONValue]
        do {
            var fields = user.fields
            if (fields["name"]?.stringValue ?? "").isEmpty { fields["name"] = .string(Self.fallbackName(email: email)) }
            profile = try UserProfileRule().profileFields(of: .object(fields), stored: [:])
        } catch let error as APIError {
            return run.report.refuse(user.id, kind: kind, because: error.message)
        }
        if profile["locale"] == nil { profile["locale"] = "ru" }
        if profile["avatar_base64"] == .null, user.fields["avatar_base64"] == nil { profile["avatar_base64"] = .string(DefaultAvatar.dataURL) }
        if let slug = profile["public_url_slug"]?.stringValue,
            try await UserProfileRule.isTaken(slug: slug, by: user.id, executor: run.writer.executor)
        {
            profile["public_url_slug"] = .null
            run.report.note(user.id, kind: kind, "public_url_slug '\(slug)' is taken by another user; imported without it")
        }
        let now = run.writer.store.clock.now
        let stamp = LegacyTimestamp.format(now)
        var body = profile
        body["type"] = "user"
        body["email"] = email.map(JSONValue.string) ?? .null
        body["created_at"] = .string(user["created_at"] ?? stamp)
        body["updated_at"] = .string(user["updated_at"] ?? stamp)
        if let email {
            try await run.writer.executor.execute(
                "INSERT INTO wwm_accounts (user_id, email, password_hash, created_at) VALUES (?, ?, ?, ?)",
                [.text(user.id), .text(email), SQLValue(user["password_hash"]), SQLValue(user.createdAt ?? now)])
        }
        try await run.store(user, in: .users, data: .object(body), access: [user.id], author: user.id)
        run.report.imported(kind)
    }

    private func importSocialAccount(_ social: CouchDBDocument, into run: inout ImportRun) async throws {
        let kind = "social_account"
        guard let userID = social["user_id"], let provider = social["provider"], let providerUserID = social["provider_user_id"] else {
            return run.report.refuse(social.id, kind: kind, because: "missing user_id, provider or provider_user_id")
        }
        guard OAuthProviderSettings.Provider(rawValue: provider) != nil else {
            return run.report.refuse(social.id, kind: kind, because: "unknown provider '\(provider.prefix(40))'")
        }
        guard social.id == "social:\(provider):\(providerUserID)" else {
            return run.report.refuse(social.id, kind: kind, because: "id does not match social:{provider}:{provider_user_id}")
        }
        let executor = run.writer.executor
        if try await executor.queryFirst("SELECT id FROM wwm_social_accounts WHERE id = ?", [.text(social.id)]) != nil {
            return run.report.alreadyPresent(kind)
        }
        guard try await run.context.live(userID, in: .users) != nil else {
            return run.report.refuse(social.id, kind: kind, because: "its user \(userID.prefix(80)) was not imported")
        }
        let stamp = LegacyTimestamp.format(run.writer.store.clock.now)
        try await executor.execute(
            """
            INSERT INTO wwm_social_accounts (id, user_id, provider, provider_user_id, email, profile_data, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(social.id), .text(userID), .text(provider), .text(providerUserID), SQLValue(social["email"]?.lowercased()),
                SQLValue(json: social.fields["profile_data"] ?? [:]), .text(social["created_at"] ?? stamp),
                .text(social["updated_at"] ?? stamp),
            ])
        run.report.imported(kind)
    }

    /// The original required a name; a legacy document without one gets its email's local part.
    private static func fallbackName(email: String?) -> String {
        let local = email?.split(separator: "@").first.map(String.init) ?? ""
        return local.isEmpty ? "Wish With Me user" : String(local.prefix(100))
    }
}
