/// The partner vault as `GET /api/v1/vault` answers it (spec §5.2): lists in the order
/// they were entered, budgets by tier, love languages by priority.
public struct PartnerVault: Codable, Sendable, Hashable {
    public var vaultID: String
    public var partnerName: String
    public var relationshipTenureMonths: Int64?
    public var cohabitationStatus: String?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String?
    public var interests: [String]
    public var dislikes: [String]
    public var vibes: [String]
    public var milestones: [Milestone]
    public var budgets: [Budget]
    public var loveLanguages: [LoveLanguage]

    enum CodingKeys: String, CodingKey {
        case vaultID = "vault_id", partnerName = "partner_name", relationshipTenureMonths = "relationship_tenure_months"
        case cohabitationStatus = "cohabitation_status", locationCity = "location_city", locationState = "location_state"
        case locationCountry = "location_country", interests, dislikes, vibes, milestones, budgets, loveLanguages = "love_languages"
    }

    public struct Milestone: Codable, Sendable, Hashable {
        public var id: String
        public var milestoneType: String
        public var milestoneName: String
        public var milestoneDate: String
        public var recurrence: String
        public var budgetTier: String

        enum CodingKeys: String, CodingKey {
            case id, milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence
            case budgetTier = "budget_tier"
        }
    }

    public struct Budget: Codable, Sendable, Hashable {
        public var id: String
        public var occasionType: String
        public var minAmount: Int64
        public var maxAmount: Int64
        public var currency: String

        enum CodingKeys: String, CodingKey {
            case id, occasionType = "occasion_type", minAmount = "min_amount", maxAmount = "max_amount", currency
        }
    }

    public struct LoveLanguage: Codable, Sendable, Hashable {
        public var language: String
        /// 1 is the primary one, 2 the secondary.
        public var priority: Int64
    }

    /// The vault as a draft to edit and send back with `PUT`.
    public var draft: VaultDraft {
        let sorted = loveLanguages.sorted { $0.priority < $1.priority }
        return VaultDraft(
            partnerName: partnerName, relationshipTenureMonths: relationshipTenureMonths, cohabitationStatus: cohabitationStatus,
            locationCity: locationCity, locationState: locationState, locationCountry: locationCountry, interests: interests,
            dislikes: dislikes, vibes: vibes,
            budgets: budgets.map {
                .init(occasionType: $0.occasionType, minAmount: $0.minAmount, maxAmount: $0.maxAmount, currency: $0.currency)
            },
            loveLanguages: .init(primary: sorted.first?.language ?? "", secondary: sorted.dropFirst().first?.language ?? ""),
            milestones: milestones.map {
                .init(milestoneType: $0.milestoneType, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate,
                      recurrence: $0.recurrence, budgetTier: $0.budgetTier)
            })
    }
}

/// What `POST` and `PUT /api/v1/vault` answer: the vault's id and how much was saved.
public struct VaultSummary: Codable, Sendable, Hashable {
    public var vaultID: String
    public var partnerName: String
    public var interestsCount: Int
    public var dislikesCount: Int
    public var milestonesCount: Int
    public var vibesCount: Int
    public var budgetsCount: Int
    public var loveLanguages: VaultDraft.LoveLanguages

    enum CodingKeys: String, CodingKey {
        case vaultID = "vault_id", partnerName = "partner_name", interestsCount = "interests_count", dislikesCount = "dislikes_count"
        case milestonesCount = "milestones_count", vibesCount = "vibes_count", budgetsCount = "budgets_count"
        case loveLanguages = "love_languages"
    }
}
