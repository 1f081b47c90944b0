/// The tables behind ``ReservationLinkBuilder`` (spec §10.2, Reservation). All [PROPOSAL]
/// except where noted.
enum ReservationMappings {
    /// `INTEREST_TO_CUISINE`: the five food interests and the search term each books.
    static let interestToCuisine: [String: String] = [
        "Cooking": "Italian",
        "Baking": "French",
        "Wine": "Wine Bar",
        "Coffee": "Brunch",
        "Cocktails": "Cocktail Bar",
    ]

    /// `CUISINE_PRICE_ESTIMATE`: cents per person; the candidate's price is this × party size.
    static let cuisinePriceEstimate: [String: Int64] = [
        "Italian": 6000,
        "French": 8000,
        "Wine Bar": 4500,
        "Brunch": 3000,
        "Cocktail Bar": 4000,
    ]

    /// `DEFAULT_TIME_SLOTS`: 17:30 … 21:00 in 30-minute steps, as minutes after midnight.
    static let defaultTimeSlots: [Int] = Array(stride(from: 17 * 60 + 30, through: 21 * 60, by: 30))

    /// The slot the three offered slots gather around.
    static let preferredTime = 19 * 60
    static let slotCount = 3
    static let partySize = 2

    /// `CITY_TO_RESY_SLUG`, ~25 cities Resy serves. Matched case-insensitively and
    /// partially (the vault city contains the key), in this order, so longer keys that
    /// contain shorter ones come first.
    static let cityToResySlug: [(city: String, slug: String)] = [
        ("new york", "new-york-ny"), ("nyc", "new-york-ny"), ("brooklyn", "new-york-ny"), ("manhattan", "new-york-ny"),
        ("los angeles", "los-angeles-ca"), ("san francisco", "san-francisco-ca"), ("chicago", "chicago-il"),
        ("miami", "miami-fl"), ("washington", "washington-dc"), ("boston", "boston-ma"), ("austin", "austin-tx"),
        ("nashville", "nashville-tn"), ("atlanta", "atlanta-ga"), ("seattle", "seattle-wa"), ("denver", "denver-co"),
        ("philadelphia", "philadelphia-pa"), ("new orleans", "new-orleans-la"), ("las vegas", "las-vegas-nv"),
        ("dallas", "dallas-tx"), ("houston", "houston-tx"), ("san diego", "san-diego-ca"), ("portland", "portland-or"),
        ("charleston", "charleston-sc"), ("london", "london-england"), ("toronto", "toronto-on"),
    ]

    static func resySlug(for city: String) -> String? {
        let key = TextMatch.norm(city)
        guard !key.isEmpty else { return nil }
        return cityToResySlug.first { key.contains($0.city) }?.slug
    }

    /// The slots closest to 19:00 (earlier first on a tie), in time order.
    static func offeredSlots() -> [Int] {
        let closest = defaultTimeSlots.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (abs(lhs.element - preferredTime), abs(rhs.element - preferredTime))
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .prefix(slotCount)
        return closest.map(\.element).sorted()
    }
}
