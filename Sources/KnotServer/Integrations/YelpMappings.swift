/// The tables behind ``YelpClient`` (spec §10.2, Yelp).
enum YelpMappings {
    /// `VIBE_TO_YELP_CATEGORIES`: three Yelp category aliases per vibe. `quiet_luxury` is the
    /// spec's example; the rest is [PROPOSAL].
    static let vibeToCategories: [String: [String]] = [
        "quiet_luxury": ["wine_bars", "wineries", "spas"],
        "street_urban": ["foodtrucks", "streetart", "danceclubs"],
        "outdoorsy": ["hiking", "parks", "kayaking"],
        "vintage": ["antiques", "vintage", "jazzandblues"],
        "minimalist": ["japanese", "tea", "galleries"],
        "bohemian": ["galleries", "musicvenues", "vegan"],
        "romantic": ["french", "wine_bars", "cocktailbars"],
        "adventurous": ["escapegames", "rock_climbing", "axethrowing"],
    ]

    /// `YELP_PRICE_TO_CENTS` [PROPOSAL]: a rough price of one outing per Yelp price level.
    static let priceToCents: [String: Int64] = ["$": 1500, "$$": 4000, "$$$": 8000, "$$$$": 15000]

    /// Yelp's price levels 1–4 and the cents each covers [PROPOSAL]: 0–2500, 2501–6000,
    /// 6001–12000, above 12000 (`nil` = no upper end).
    static let priceLevels: [(level: Int, min: Int64, max: Int64?)] = [
        (1, 0, 2500), (2, 2501, 6000), (3, 6001, 12000), (4, 12001, nil),
    ]

    /// The `price` filter: the levels whose range overlaps the budget, e.g. `"2,3"`; `nil`
    /// (no filter) when none does.
    static func priceFilter(for budget: BudgetRange) -> String? {
        let levels = priceLevels.filter { level in
            level.min <= budget.maxAmount && (level.max.map { $0 >= budget.minAmount } ?? true)
        }
        return levels.isEmpty ? nil : levels.map { String($0.level) }.joined(separator: ",")
    }

    /// The categories to search for the vault's vibes, in vibe order, without repeats.
    static func categories(for vibes: [String]) -> [String] {
        var seen = Set<String>()
        return vibes.flatMap { vibeToCategories[$0] ?? [] }.filter { seen.insert($0).inserted }
    }

    /// Food, drink and nightlife aliases [PROPOSAL rule]: a business with any of them is a
    /// `date`, any other an `experience`. Yelp's parents (`restaurants`, `food`,
    /// `nightlife`, `bars`) plus the aliases of ``vibeToCategories`` that are places to eat
    /// or drink, and the common ones beside them.
    static let dateCategories: Set<String> = [
        "restaurants", "food", "nightlife", "bars", "wine_bars", "wineries", "cocktailbars", "beerbar", "pubs",
        "danceclubs", "jazzandblues", "foodtrucks", "japanese", "tea", "vegan", "french", "italian", "coffee", "cafes",
        "breweries", "speakeasies", "lounges", "tapas", "sushi", "steak", "newamerican", "desserts", "bakeries",
    ]

    static func type(forCategories aliases: [String]) -> RecommendationType {
        aliases.contains { dateCategories.contains($0) } ? .date : .experience
    }
}
