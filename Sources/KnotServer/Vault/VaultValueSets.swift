/// The closed value sets of the partner vault (spec §3.1), in the order the spec lists
/// them; validation accepts exactly these strings.
enum VaultValues {
    static let vibes = [
        "quiet_luxury", "street_urban", "outdoorsy", "vintage", "minimalist", "bohemian", "romantic", "adventurous",
    ]
    static let loveLanguages = ["words_of_affirmation", "acts_of_service", "receiving_gifts", "quality_time", "physical_touch"]
    /// Budget tiers, which are also occasion types; this order is also the order budgets
    /// are listed in (§5.2).
    static let budgetTiers = ["just_because", "minor_occasion", "major_milestone"]
    static let milestoneTypes = ["birthday", "anniversary", "holiday", "custom"]
    static let recurrences = ["yearly", "one_time"]
    static let cohabitation = ["living_together", "separate", "long_distance"]

    /// The tier a milestone gets when the request leaves `budget_tier` out (§3.3); `custom`
    /// has none and must name one. An explicit value is never replaced.
    static func defaultBudgetTier(for milestoneType: String) -> String? {
        switch milestoneType {
        case "birthday", "anniversary": "major_milestone"
        case "holiday": "minor_occasion"
        default: nil
        }
    }

    /// The budget range used when a vault has none for an occasion (§6.1).
    static func defaultBudget(for occasionType: String) -> (min: Int64, max: Int64) {
        switch occasionType {
        case "just_because": (2000, 5000)
        case "minor_occasion": (5000, 15000)
        case "major_milestone": (10000, 50000)
        default: (2000, 10000)
        }
    }
}
