/// Everything one run of the recommendation pipeline reads (spec §6.1).
struct PipelineInput: Sendable, Hashable {
    struct Budget: Sendable, Hashable {
        var occasionType: String
        var minAmount: Int64
        var maxAmount: Int64
        var currency: String = "USD"
    }

    struct Location: Sendable, Hashable {
        var city: String?
        var state: String?
        var country: String?

        /// Whether any of the three is set; stub experiences then carry it (§6.3).
        var isSet: Bool { city != nil || state != nil || country != nil }
    }

    /// The milestone a run is for, with `days_until` already computed (§5.5.1).
    struct Milestone: Sendable, Hashable {
        var id: String
        var milestoneType: String
        var milestoneName: String
        var milestoneDate: String
        var recurrence: String
        var budgetTier: String
        var daysUntil: Int?
    }

    var vaultID: String
    var partnerName: String
    /// The five liked categories, in submission order.
    var interests: [String]
    var dislikes: [String]
    /// In submission order.
    var vibes: [String]
    var primaryLoveLanguage: String
    var secondaryLoveLanguage: String
    var budgets: [Budget] = []
    var location: Location = Location()
    var occasionType: String
    var milestone: Milestone?
    var budgetRange: BudgetRange
    /// `nil` when the user has none or loading them failed (§7); consumers default to 1.0.
    var weights: LearnedWeights?
    /// Only for refresh (§6.10).
    var exclusion: RefreshExclusion?
}

extension PipelineInput {
    /// The input for `vault`, with the budget range resolved per §6.1.
    init(
        vault: StoredVault, occasionType: String, milestone: Milestone? = nil, weights: LearnedWeights? = nil,
        exclusion: RefreshExclusion? = nil
    ) {
        let budgets = vault.budgets.map {
            Budget(occasionType: $0.occasionType, minAmount: $0.minAmount, maxAmount: $0.maxAmount, currency: $0.currency)
        }
        let languages = vault.loveLanguages.sorted { $0.priority < $1.priority }.map(\.language)
        self.init(
            vaultID: vault.id, partnerName: vault.partnerName, interests: vault.interests, dislikes: vault.dislikes,
            vibes: vault.vibes, primaryLoveLanguage: languages.first ?? "", secondaryLoveLanguage: languages.dropFirst().first ?? "",
            budgets: budgets,
            location: Location(city: vault.locationCity, state: vault.locationState, country: vault.locationCountry),
            occasionType: occasionType, milestone: milestone,
            budgetRange: BudgetRange.resolve(occasionType: occasionType, budgets: budgets), weights: weights,
            exclusion: exclusion)
    }
}

/// Learned per-user weights (spec §7); a missing key means 1.0.
struct LearnedWeights: Sendable, Hashable {
    var interests: [String: Double] = [:]
    var vibes: [String: Double] = [:]
    var loveLanguages: [String: Double] = [:]
    var types: [String: Double] = [:]
}

extension Optional where Wrapped == LearnedWeights {
    func interest(_ key: String) -> Double { self?.interests[key] ?? 1.0 }
    func vibe(_ key: String) -> Double { self?.vibes[key] ?? 1.0 }
    func loveLanguage(_ key: String) -> Double { self?.loveLanguages[key] ?? 1.0 }
    func type(_ type: RecommendationType) -> Double { self?.types[type.rawValue] ?? 1.0 }
}
