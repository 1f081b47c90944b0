import Foundation

/// The 3–5 web searches of the Tier 1 provider (spec §10.1), from the vault's interests,
/// vibes, location and budget, the occasion, the milestone and the best hint.
///
/// [PROPOSAL] wording and order; the original's prompts are not disclosed. In priority
/// order: the first interest (with occasion and budget), a date/experience idea for the
/// first vibe (in the vault's city when known), the best hint, the milestone or the second
/// interest, the third interest; generic fillers keep the count at three or more.
enum SearchQueryBuilder {
    static let minQueries = 3
    static let maxQueries = 5
    /// Hints are user text of up to 500 characters; a search needs only the start.
    static let maxHintLength = 100

    static func queries(for request: CandidateRequest) -> [String] {
        let input = request.input
        let budget = budgetPhrase(input.budgetRange)
        let occasion = occasionPhrase(input.occasionType)
        let interests = input.interests
        var queries: [String] = []

        if let first = interests.first {
            queries.append("\(first) gift ideas for \(occasion) under \(budget)")
        }
        if let vibe = input.vibes.first {
            let words = vibe.replacingOccurrences(of: "_", with: " ")
            if let city = place(input.location) {
                queries.append("\(words) date ideas in \(city)")
            } else {
                queries.append("\(words) experience gift ideas")
            }
        }
        if let hint = request.hints.first?.hint.hintText {
            let text = String(hint.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maxHintLength))
            if !text.isEmpty { queries.append("\(text) gift") }
        }
        if let milestone = input.milestone {
            queries.append("\(milestone.milestoneName) \(milestone.milestoneType) gift ideas under \(budget)")
        } else if interests.count > 1 {
            queries.append("\(interests[1]) gift ideas under \(budget)")
        }
        if interests.count > 2 {
            queries.append("\(interests[2]) gift ideas under \(budget)")
        }
        let fillers = [
            "unique \(occasion) gift ideas for a partner under \(budget)",
            "thoughtful experience gifts for couples under \(budget)",
            "romantic date ideas",
        ]
        var result: [String] = []
        for query in queries + fillers {
            if result.count >= maxQueries || (result.count >= minQueries && !queries.contains(query)) { break }
            let normalised = query.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            if !result.contains(normalised) { result.append(normalised) }
        }
        return result
    }

    /// §6.2's occasion labels.
    static func occasionPhrase(_ occasionType: String) -> String {
        switch occasionType {
        case "just_because": "just because"
        case "minor_occasion": "a minor occasion"
        case "major_milestone": "a major milestone"
        default: occasionType.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// `$50` for USD, `50 EUR` otherwise (the budget is in cents, or the currency's
    /// hundredth).
    static func budgetPhrase(_ budget: BudgetRange) -> String {
        let whole = budget.maxAmount / 100
        return budget.currency == "USD" ? "$\(whole)" : "\(whole) \(budget.currency)"
    }

    /// `"Austin, TX"`, `"Paris, FR"`, or `nil` without a city.
    static func place(_ location: PipelineInput.Location) -> String? {
        guard let city = location.city?.trimmingCharacters(in: .whitespacesAndNewlines), !city.isEmpty else { return nil }
        let region = [location.state, location.country].compactMap { $0 }.first { !$0.isEmpty }
        return region.map { "\(city), \($0)" } ?? city
    }
}
