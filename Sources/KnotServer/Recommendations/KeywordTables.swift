import Foundation

/// The keyword lists of the recommender (spec §6.5), the one home for them: Stage 4 and
/// the refresh exclusion use them now, the feedback job (§7) will reuse them.
enum KeywordTables {
    /// Love-language keywords [FACT]. `receiving_gifts` and `quality_time` match by type,
    /// not by keyword, so they have none.
    static let loveLanguageKeywords: [String: [String]] = [
        "acts_of_service": ["tool", "kit", "repair", "practical", "organizer", "useful", "home", "cleaning", "service"],
        "words_of_affirmation": [
            "personalized", "custom", "portrait", "engraved", "sentimental", "monogram", "letter", "journal", "poem", "song",
        ],
        "physical_touch": ["couples", "massage", "spa", "dance class", "together", "two people", "for two"],
    ]

    /// Vibe keywords [PROPOSAL — the original's lists are not disclosed], one list for each
    /// of the 8 vibes.
    static let vibeKeywords: [String: [String]] = [
        "quiet_luxury": ["luxury", "cashmere", "silk", "designer", "premium", "fine dining", "wine bar", "spa"],
        "street_urban": ["street", "urban", "sneaker", "streetwear", "graffiti", "rooftop", "food truck", "hip hop"],
        "outdoorsy": ["outdoor", "hiking", "camping", "trail", "kayak", "picnic", "national park", "garden"],
        "vintage": ["vintage", "retro", "antique", "vinyl", "record", "classic", "heritage", "film camera"],
        "minimalist": ["minimalist", "minimal", "simple", "sleek", "essential", "clean design", "zen"],
        "bohemian": ["boho", "bohemian", "macrame", "handmade", "eclectic", "tapestry", "crystal", "pottery"],
        "romantic": ["romantic", "candlelit", "candle", "roses", "sunset", "love", "intimate", "for two"],
        "adventurous": ["adventure", "thrill", "skydiving", "zipline", "climbing", "surf", "escape room", "expedition"],
    ]

    /// Whether any keyword of `vibe` matches the title or description.
    static func vibeKeywordMatches(_ vibe: String, title: String, description: String?) -> Bool {
        TextMatch.any(vibeKeywords[vibe] ?? [], title: title, description: description)
    }

    /// Whether any keyword of `language` matches the title or description.
    static func loveLanguageKeywordMatches(_ language: String, title: String, description: String?) -> Bool {
        TextMatch.any(loveLanguageKeywords[language] ?? [], title: title, description: description)
    }
}

/// The text matching of spec §6.1: `norm(s)` = lowercase + trim; "X matches T" means
/// `norm(X)` is a substring of `norm(T)`, partial words included (`art` matches "smart").
enum TextMatch {
    static func norm(_ text: String) -> String {
        text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `needle` matches `text`; a `nil` text never matches. An empty needle
    /// matches nothing, so an empty keyword cannot make everything match.
    static func matches(_ needle: String, in text: String?) -> Bool {
        guard let text else { return false }
        let key = norm(needle)
        guard !key.isEmpty else { return false }
        return norm(text).contains(key)
    }

    /// Whether any of `needles` matches the title or the description.
    static func any(_ needles: [String], title: String, description: String?) -> Bool {
        needles.contains { matches($0, in: title) || matches($0, in: description) }
    }

    /// Orders titles by Unicode code points, the tiebreak of every sort in the pipeline.
    static func codePointsAscending(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars) { $0.value < $1.value }
    }
}
