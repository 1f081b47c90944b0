import HearthCore
import HearthServer
import HearthStore

/// `GET /api/v1/users/me/export` (spec §5.7): everything stored about the user, read in
/// one consistent snapshot. Embeddings are never exported.
///
/// The section names are the original's; inner fields follow the spec.
struct AccountExport: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    /// The export, or `nil` when the user has no profile row.
    func export(userID: String) async throws -> JSONValue? {
        let exportedAt = clock.now
        return try await database.transaction { sql -> JSONValue? in
            guard let profile = try await UserProfiles.profile(userID: userID, on: sql) else { return nil }
            let vault = try await StoredVault.load(userID: userID, on: sql)
            var hints: [StoredHint] = []
            if let vault { hints = try await HintStore.all(vaultID: vault.id, on: sql) }
            let recommendations = try await AccountHistoryExport.recommendations(vaultID: vault?.id, on: sql)
            let feedback = try await AccountHistoryExport.feedback(userID: userID, on: sql)
            let notifications = try await AccountHistoryExport.notifications(userID: userID, on: sql)
            return [
                "exported_at": KnotTime.json(exportedAt),
                "user": [
                    "id": .string(profile.id), "email": profile.email.map(JSONValue.string) ?? .null,
                    "created_at": KnotTime.json(profile.createdAt),
                ],
                "vault": vault.map(Self.vault) ?? .null,
                "milestones": .array(vault?.milestones.map { VaultResponses.milestone($0, createdAt: true) } ?? []),
                "hints": .array(hints.map(\.json)),
                "recommendations": .array(recommendations),
                "feedback": .array(feedback),
                "notifications": .array(notifications),
            ]
        }
    }

    static func vault(_ vault: StoredVault) -> JSONValue {
        [
            "id": .string(vault.id),
            "partner_name": .string(vault.partnerName),
            "relationship_tenure_months": vault.relationshipTenureMonths.map(JSONValue.int) ?? .null,
            "cohabitation_status": VaultResponses.optional(vault.cohabitationStatus),
            "location_city": VaultResponses.optional(vault.locationCity),
            "location_state": VaultResponses.optional(vault.locationState),
            "location_country": VaultResponses.optional(vault.locationCountry),
            "created_at": KnotTime.json(vault.createdAt),
            "updated_at": KnotTime.json(vault.updatedAt),
            "interests": .array(vault.interests.map(JSONValue.string)),
            "dislikes": .array(vault.dislikes.map(JSONValue.string)),
            "vibes": .array(vault.vibes.map(JSONValue.string)),
            "budgets": .array(vault.budgets.map { VaultResponses.budget($0, withID: false) }),
            "love_languages": .array(vault.loveLanguages.map(VaultResponses.loveLanguage)),
        ]
    }
}
