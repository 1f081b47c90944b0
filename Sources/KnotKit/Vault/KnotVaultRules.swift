/// The closed value sets and limits of the partner vault (spec §3.1, §3.2, §5.2), as the
/// Hearth server enforces them (`KnotServer/Vault`).
///
/// Interim home: the server keeps its copies internal to `KnotServer`, which a client
/// kit may not import. `KnotKitTests` asserts that these equal the server's, value for
/// value, and that ``VaultValidation`` agrees with the server's validation on a table of
/// cases, so the two cannot drift apart unnoticed.
public enum KnotVaultRules {
    /// The 40 interest categories likes and dislikes are chosen from; Title Case, matched exactly.
    public static let interestCategories: [String] = [
        "Travel", "Cooking", "Baking", "Wine", "Coffee", "Cocktails", "Sports", "Fitness", "Yoga", "Running",
        "Hiking", "Cycling", "Camping", "Swimming", "Climbing", "Concerts", "Music", "Theater", "Comedy", "Dancing",
        "Movies", "Family", "Board Games", "Gardening", "Reading", "Writing", "Art", "Photography", "Fashion", "Beauty",
        "Wellness", "Gaming", "Technology", "Pets", "Crafts", "History", "Science", "Nature", "Home Decor", "Volunteering",
    ]
    public static let vibes = [
        "quiet_luxury", "street_urban", "outdoorsy", "vintage", "minimalist", "bohemian", "romantic", "adventurous",
    ]
    public static let loveLanguages = ["words_of_affirmation", "acts_of_service", "receiving_gifts", "quality_time", "physical_touch"]
    /// Budget tiers, which are also occasion types, in the order budgets are listed.
    public static let budgetTiers = ["just_because", "minor_occasion", "major_milestone"]
    public static let milestoneTypes = ["birthday", "anniversary", "holiday", "custom"]
    public static let recurrences = ["yearly", "one_time"]
    public static let cohabitationStatuses = ["living_together", "separate", "long_distance"]

    /// Exactly this many interests, and as many dislikes.
    public static let interestCount = 5
    /// Names, places and milestone names: at most this many characters after trimming.
    public static let maxTextLength = 100
    public static let tenureMonths: ClosedRange<Int64> = 0...600
    public static let maxMilestones = 100
    /// Budget amounts, in cents.
    public static let amountRange: ClosedRange<Int64> = 0...1_000_000_000

    /// The tier a milestone gets when none is given; `custom` milestones must name one.
    public static func defaultBudgetTier(for milestoneType: String) -> String? {
        switch milestoneType {
        case "birthday", "anniversary": "major_milestone"
        case "holiday": "minor_occasion"
        default: nil
        }
    }
}
