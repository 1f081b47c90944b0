import HearthCore
import HearthServer
import HearthStore

/// Writes partner vaults: every change is one transaction, so a failed request leaves
/// nothing behind (spec §5.2).
struct VaultStore: Sendable {
    static let noVault = "No partner vault found. Complete onboarding first."
    static let alreadyExists = "A partner vault already exists for this user. Use PUT to update."
    static let noProfile = "User profile not found"

    let database: any HearthDatabase
    let clock: any WallClock

    /// Creates `userID`'s vault; 409 when they already have one, 404 without a profile row.
    func create(userID: String, input: VaultInput) async throws -> String {
        let now = clock.now
        let vaultID = KnotID.make()
        do {
            try await database.transaction { sql in
                guard try await sql.queryFirst("SELECT id FROM knot_users WHERE id = ?", [.text(userID)]) != nil else {
                    throw APIError.knotNotFound(Self.noProfile)
                }
                guard try await StoredVault.id(ofUser: userID, on: sql) == nil else { throw APIError.knotConflict(Self.alreadyExists) }
                try await sql.execute(
                    """
                    INSERT INTO knot_partner_vaults (id, user_id, partner_name, relationship_tenure_months, cohabitation_status,
                        location_city, location_state, location_country, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [.text(vaultID), .text(userID)] + Self.vaultColumns(input) + [SQLValue(now), SQLValue(now)])
                try await Self.replaceChildren(vaultID: vaultID, input: input, now: now, on: sql)
                try await Self.reconcileMilestones(vaultID: vaultID, requested: input.milestones, now: now, on: sql)
            }
        } catch let error as APIError {
            throw error
        } catch {
            // Two first saves at once: the loser hits `UNIQUE (user_id)`, which is the 409.
            if try await database.read({ sql in try await StoredVault.id(ofUser: userID, on: sql) }) != nil {
                throw APIError.knotConflict(Self.alreadyExists)
            }
            throw error
        }
        return vaultID
    }

    /// Replaces `userID`'s vault content, keeping unchanged milestones' ids (§2 #6);
    /// 404 when they have no vault. Returns the vault id.
    func update(userID: String, input: VaultInput) async throws -> String {
        let now = clock.now
        return try await database.transaction { sql in
            guard let vaultID = try await StoredVault.id(ofUser: userID, on: sql) else { throw APIError.knotNotFound(Self.noVault) }
            try await sql.execute(
                """
                UPDATE knot_partner_vaults SET partner_name = ?, relationship_tenure_months = ?, cohabitation_status = ?,
                    location_city = ?, location_state = ?, location_country = ?, updated_at = ?
                WHERE id = ?
                """, Self.vaultColumns(input) + [SQLValue(now), .text(vaultID)])
            for table in ["knot_partner_interests", "knot_partner_vibes", "knot_partner_budgets", "knot_partner_love_languages"] {
                try await sql.execute("DELETE FROM \(table) WHERE vault_id = ?", [.text(vaultID)])
            }
            try await Self.replaceChildren(vaultID: vaultID, input: input, now: now, on: sql)
            try await Self.reconcileMilestones(vaultID: vaultID, requested: input.milestones, now: now, on: sql)
            return vaultID
        }
    }

    func load(userID: String) async throws -> StoredVault? {
        try await database.read { sql in try await StoredVault.load(userID: userID, on: sql) }
    }

    private static func vaultColumns(_ input: VaultInput) -> [SQLValue] {
        [
            .text(input.partnerName), SQLValue(input.relationshipTenureMonths), SQLValue(input.cohabitationStatus),
            SQLValue(input.locationCity), SQLValue(input.locationState), .text(input.locationCountry),
        ]
    }

    /// Inserts interests, dislikes, vibes, budgets and love languages (the replace-all part).
    private static func replaceChildren(vaultID: String, input: VaultInput, now: Timestamp, on sql: any SQLExecutor) async throws {
        // Likes and dislikes share one position sequence, so together they keep the order sent.
        let categories = input.interests.map { ("like", $0) } + input.dislikes.map { ("dislike", $0) }
        for (position, (type, category)) in categories.enumerated() {
            try await sql.execute(
                """
                INSERT INTO knot_partner_interests (id, vault_id, interest_type, interest_category, position, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(KnotID.make()), .text(vaultID), .text(type), .text(category), SQLValue(position), SQLValue(now)])
        }
        for (position, vibe) in input.vibes.enumerated() {
            try await sql.execute(
                "INSERT INTO knot_partner_vibes (id, vault_id, vibe_tag, position, created_at) VALUES (?, ?, ?, ?, ?)",
                [.text(KnotID.make()), .text(vaultID), .text(vibe), SQLValue(position), SQLValue(now)])
        }
        for budget in input.budgets {
            try await sql.execute(
                """
                INSERT INTO knot_partner_budgets (id, vault_id, occasion_type, min_amount, max_amount, currency, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(KnotID.make()), .text(vaultID), .text(budget.occasionType), .integer(budget.minAmount),
                    .integer(budget.maxAmount), .text(budget.currency), SQLValue(now),
                ])
        }
        for (language, priority) in [(input.primaryLoveLanguage, 1), (input.secondaryLoveLanguage, 2)] {
            try await sql.execute(
                "INSERT INTO knot_partner_love_languages (id, vault_id, language, priority, created_at) VALUES (?, ?, ?, ?, ?)",
                [.text(KnotID.make()), .text(vaultID), .text(language), SQLValue(priority), SQLValue(now)])
        }
    }

    /// Applies ``MilestoneReconciliation``: kept rows get their new position, the rest are
    /// deleted (with what cascades from them) or inserted. On a new vault everything is new.
    private static func reconcileMilestones(
        vaultID: String, requested: [MilestoneInput], now: Timestamp, on sql: any SQLExecutor
    ) async throws {
        let stored = try await StoredVault.loadMilestones(vaultID: vaultID, on: sql).map {
            MilestoneReconciliation.Stored(id: $0.id, content: $0.content)
        }
        let plan = MilestoneReconciliation(stored: stored, requested: requested)
        for id in plan.deletedIDs {
            try await sql.execute("DELETE FROM knot_partner_milestones WHERE id = ?", [.text(id)])
        }
        for (position, (step, milestone)) in zip(plan.steps, requested).enumerated() {
            switch step {
            case .keep(let id):
                try await sql.execute("UPDATE knot_partner_milestones SET position = ? WHERE id = ?", [SQLValue(position), .text(id)])
            case .insert:
                try await sql.execute(
                    """
                    INSERT INTO knot_partner_milestones (id, vault_id, milestone_type, milestone_name, milestone_date,
                        recurrence, budget_tier, position, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(KnotID.make()), .text(vaultID), .text(milestone.milestoneType), .text(milestone.milestoneName),
                        .text(milestone.milestoneDate.description), .text(milestone.recurrence), .text(milestone.budgetTier),
                        SQLValue(position), SQLValue(now),
                    ])
            }
        }
    }
}
