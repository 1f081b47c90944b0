import HearthCore
import HearthStore
import KnotRules

/// A partner vault as stored, with its child rows in the order the API lists them
/// (spec §5.2): interests, dislikes, vibes and milestones by position, budgets by tier
/// order, love languages by priority.
struct StoredVault: Sendable, Hashable {
    struct Milestone: Sendable, Hashable {
        var id: String
        var content: MilestoneInput
        var createdAt: Timestamp

        init(id: String, content: MilestoneInput, createdAt: Timestamp) {
            self.id = id
            self.content = content
            self.createdAt = createdAt
        }

        /// From a row with the columns of `knot_partner_milestones` (id, the five content columns, created_at).
        init(row: SQLRow) throws {
            let dateText = try row.string("milestone_date")
            guard let date = CalendarDate(dateText) else {
                throw StoreError.unexpectedValue(column: "milestone_date", expected: "a YYYY-MM-DD date")
            }
            let content = MilestoneInput(
                milestoneType: try row.string("milestone_type"), milestoneName: try row.string("milestone_name"),
                milestoneDate: date, recurrence: try row.string("recurrence"), budgetTier: try row.string("budget_tier"))
            self.init(id: try row.string("id"), content: content, createdAt: try row.timestamp("created_at"))
        }
    }

    struct Budget: Sendable, Hashable {
        var id: String
        var occasionType: String
        var minAmount: Int64
        var maxAmount: Int64
        var currency: String
    }

    struct LoveLanguage: Sendable, Hashable {
        var language: String
        var priority: Int64
    }

    var id: String
    var userID: String
    var partnerName: String
    var relationshipTenureMonths: Int64?
    var cohabitationStatus: String?
    var locationCity: String?
    var locationState: String?
    var locationCountry: String?
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var interests: [String]
    var dislikes: [String]
    var vibes: [String]
    var budgets: [Budget]
    var loveLanguages: [LoveLanguage]
    var milestones: [Milestone]

    /// The vault of `userID` with all its child rows, or `nil` when the user has none.
    static func load(userID: String, on sql: any SQLExecutor) async throws -> StoredVault? {
        guard
            let row = try await sql.queryFirst(
                """
                SELECT id, user_id, partner_name, relationship_tenure_months, cohabitation_status, location_city,
                       location_state, location_country, created_at, updated_at
                FROM knot_partner_vaults WHERE user_id = ?
                """, [.text(userID)])
        else { return nil }
        let id = try row.string("id")
        let interestRows = try await sql.query(
            "SELECT interest_type, interest_category FROM knot_partner_interests WHERE vault_id = ? ORDER BY position, interest_category",
            [.text(id)])
        let vibes = try await sql.query(
            "SELECT vibe_tag FROM knot_partner_vibes WHERE vault_id = ? ORDER BY position, vibe_tag", [.text(id)]
        ).map { try $0.string("vibe_tag") }
        let budgets = try await sql.query(
            "SELECT id, occasion_type, min_amount, max_amount, currency FROM knot_partner_budgets WHERE vault_id = ?", [.text(id)]
        ).map {
            Budget(
                id: try $0.string("id"), occasionType: try $0.string("occasion_type"), minAmount: try $0.int("min_amount"),
                maxAmount: try $0.int("max_amount"), currency: try $0.string("currency"))
        }
        let loveLanguages = try await sql.query(
            "SELECT language, priority FROM knot_partner_love_languages WHERE vault_id = ? ORDER BY priority", [.text(id)]
        ).map { LoveLanguage(language: try $0.string("language"), priority: try $0.int("priority")) }
        let milestones = try await loadMilestones(vaultID: id, on: sql)
        let tierOrder = KnotVaultRules.budgetTiers
        return StoredVault(
            id: id, userID: try row.string("user_id"), partnerName: try row.string("partner_name"),
            relationshipTenureMonths: try row.optionalInt("relationship_tenure_months"),
            cohabitationStatus: try row.optionalString("cohabitation_status"),
            locationCity: try row.optionalString("location_city"), locationState: try row.optionalString("location_state"),
            locationCountry: try row.optionalString("location_country"), createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"),
            interests: try interestRows.filter { try $0.string("interest_type") == "like" }.map { try $0.string("interest_category") },
            dislikes: try interestRows.filter { try $0.string("interest_type") == "dislike" }.map { try $0.string("interest_category") },
            vibes: vibes,
            budgets: budgets.sorted {
                (tierOrder.firstIndex(of: $0.occasionType) ?? 99) < (tierOrder.firstIndex(of: $1.occasionType) ?? 99)
            },
            loveLanguages: loveLanguages, milestones: milestones)
    }

    /// A vault's milestones by position (ties, which a well-formed vault never has, by id).
    static func loadMilestones(vaultID: String, on sql: any SQLExecutor) async throws -> [Milestone] {
        try await sql.query(
            """
            SELECT id, milestone_type, milestone_name, milestone_date, recurrence, budget_tier, created_at
            FROM knot_partner_milestones WHERE vault_id = ? ORDER BY position, id
            """, [.text(vaultID)]
        ).map(Milestone.init(row:))
    }

    /// The id of `userID`'s vault, if they have one.
    static func id(ofUser userID: String, on sql: any SQLExecutor) async throws -> String? {
        try await sql.queryFirst("SELECT id FROM knot_partner_vaults WHERE user_id = ?", [.text(userID)])?.string("id")
    }
}
