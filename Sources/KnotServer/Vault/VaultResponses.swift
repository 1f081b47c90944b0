import HearthCore

/// The JSON bodies of the vault endpoints (spec §5.2).
enum VaultResponses {
    /// The `POST`/`PUT` answer: the vault id and how many of each were saved.
    static func summary(vaultID: String, input: VaultInput) -> JSONValue {
        [
            "vault_id": .string(vaultID),
            "partner_name": .string(input.partnerName),
            "interests_count": .int(Int64(input.interests.count)),
            "dislikes_count": .int(Int64(input.dislikes.count)),
            "milestones_count": .int(Int64(input.milestones.count)),
            "vibes_count": .int(Int64(input.vibes.count)),
            "budgets_count": .int(Int64(input.budgets.count)),
            "love_languages": ["primary": .string(input.primaryLoveLanguage), "secondary": .string(input.secondaryLoveLanguage)],
        ]
    }

    /// The `GET` answer: the whole vault.
    static func details(_ vault: StoredVault) -> JSONValue {
        [
            "vault_id": .string(vault.id),
            "partner_name": .string(vault.partnerName),
            "relationship_tenure_months": vault.relationshipTenureMonths.map(JSONValue.int) ?? .null,
            "cohabitation_status": optional(vault.cohabitationStatus),
            "location_city": optional(vault.locationCity),
            "location_state": optional(vault.locationState),
            "location_country": optional(vault.locationCountry),
            "interests": .array(vault.interests.map(JSONValue.string)),
            "dislikes": .array(vault.dislikes.map(JSONValue.string)),
            "vibes": .array(vault.vibes.map(JSONValue.string)),
            "milestones": .array(vault.milestones.map { milestone($0) }),
            "budgets": .array(vault.budgets.map { budget($0, withID: true) }),
            "love_languages": .array(vault.loveLanguages.map(loveLanguage)),
        ]
    }

    /// A milestone with the `milestone_*` key spelling (Hearth decision 1).
    static func milestone(_ milestone: StoredVault.Milestone, createdAt: Bool = false) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(milestone.id),
            "milestone_type": .string(milestone.content.milestoneType),
            "milestone_name": .string(milestone.content.milestoneName),
            "milestone_date": .string(milestone.content.milestoneDate.description),
            "recurrence": .string(milestone.content.recurrence),
            "budget_tier": .string(milestone.content.budgetTier),
        ]
        if createdAt { object["created_at"] = KnotTime.json(milestone.createdAt) }
        return .object(object)
    }

    static func budget(_ budget: StoredVault.Budget, withID: Bool) -> JSONValue {
        var object: [String: JSONValue] = [
            "occasion_type": .string(budget.occasionType),
            "min_amount": .int(budget.minAmount),
            "max_amount": .int(budget.maxAmount),
            "currency": .string(budget.currency),
        ]
        if withID { object["id"] = .string(budget.id) }
        return .object(object)
    }

    static func loveLanguage(_ entry: StoredVault.LoveLanguage) -> JSONValue {
        ["language": .string(entry.language), "priority": .int(entry.priority)]
    }

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}
