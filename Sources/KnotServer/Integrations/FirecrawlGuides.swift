/// The city guides ``CuratedContentClient`` scrapes (spec §10.2, Firecrawl): seven cities.
/// The URLs are [PROPOSAL] (the original's are not disclosed).
enum FirecrawlGuides {
    struct Guide: Sendable, Hashable {
        var city: String
        var url: String
        /// Matched as substrings of the normalised vault city.
        var contains: [String]
        /// Matched against the whole normalised vault city (abbreviations too short to be
        /// substrings safely).
        var exactly: [String] = []
    }

    static let all: [Guide] = [
        Guide(
            city: "New York", url: "https://www.timeout.com/newyork/things-to-do/best-date-ideas-in-nyc",
            contains: ["new york", "nyc", "manhattan", "brooklyn"]),
        Guide(
            city: "Los Angeles", url: "https://www.timeout.com/los-angeles/things-to-do/date-ideas-in-los-angeles",
            contains: ["los angeles"], exactly: ["la"]),
        Guide(
            city: "San Francisco", url: "https://www.timeout.com/san-francisco/things-to-do/date-ideas-in-san-francisco",
            contains: ["san francisco"], exactly: ["sf"]),
        Guide(city: "Chicago", url: "https://www.timeout.com/chicago/things-to-do/date-ideas-in-chicago", contains: ["chicago"]),
        Guide(city: "Miami", url: "https://www.timeout.com/miami/things-to-do/date-ideas-in-miami", contains: ["miami"]),
        Guide(city: "London", url: "https://www.timeout.com/london/things-to-do/date-ideas-in-london", contains: ["london"]),
        Guide(city: "Paris", url: "https://www.timeout.com/paris/en/things-to-do/date-ideas-in-paris", contains: ["paris"]),
    ]

    /// The guide of `city` (case-insensitive, partial), or `nil`.
    static func guide(for city: String?) -> Guide? {
        guard let city else { return nil }
        let key = TextMatch.norm(city)
        guard !key.isEmpty else { return nil }
        return all.first { guide in guide.exactly.contains(key) || guide.contains.contains { key.contains($0) } }
    }
}
