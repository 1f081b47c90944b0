/// The closed value sets and limits of the partner vault (spec §3.1, §3.2, §5.2): the one
/// home of Knot's vocabulary, read by the server's validation and the recommendation
/// engine (`KnotServer`) and by the client kit (`KnotKit`) alike.
///
/// The 40 interest categories are the spec's proposed list until the client's
/// `Constants.swift` is confirmed (Hearth decision 2); strings are matched exactly
/// (`Golf` and `travel` are not categories).
public enum KnotVaultRules {
    /// The 40 interest categories likes and dislikes are chosen from; Title Case, matched exactly.
    public static let interestCategories: [String] = [
        "Travel", "Cooking", "Baking", "Wine", "Coffee", "Cocktails", "Sports", "Fitness", "Yoga", "Running",
        "Hiking", "Cycling", "Camping", "Swimming", "Climbing", "Concerts", "Music", "Theater", "Comedy", "Dancing",
        "Movies", "Family", "Board Games", "Gardening", "Reading", "Writing", "Art", "Photography", "Fashion", "Beauty",
        "Wellness", "Gaming", "Technology", "Pets", "Crafts", "History", "Science", "Nature", "Home Decor", "Volunteering",
    ]
    public static let interestCategorySet = Set(interestCategories)
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

    /// The budget range, in cents, used when a vault has none for an occasion (§6.1).
    public static func defaultBudget(for occasionType: String) -> (min: Int64, max: Int64) {
        switch occasionType {
        case "just_because": (2000, 5000)
        case "minor_occasion": (5000, 15000)
        case "major_milestone": (10000, 50000)
        default: (2000, 10000)
        }
    }
}
