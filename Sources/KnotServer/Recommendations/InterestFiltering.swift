/// Stage 3 — interest filtering and scoring (spec §6.4).
enum InterestFiltering {
    /// `MAX_FILTERED_CANDIDATES` [FACT].
    static let maxCandidates = 9
    /// Extra credit for a match through `metadata.matched_interest`.
    static let metadataBonus = 0.5
    /// [FACT]
    static let allFilteredError = "All candidates filtered out — try adjusting your preferences"

    /// How `candidate` matches `category`, if at all: through `metadata.matched_interest`
    /// (exact), or the category matching the title or the description (§6.1). The vibe in
    /// `matched_vibe` plays no part here.
    enum Match: Equatable { case metadata, text }

    static func match(_ candidate: Candidate, _ category: String) -> Match? {
        if candidate.matchedInterest == category { return .metadata }
        if TextMatch.matches(category, in: candidate.title) || TextMatch.matches(category, in: candidate.description) {
            return .text
        }
        return nil
    }

    static func matches(_ candidate: Candidate, _ category: String) -> Bool {
        match(candidate, category) != nil
    }

    /// The interest score, or `nil` when a dislike matches (the candidate is removed).
    /// Each liked category counts once: `(1.0 + bonus) × w_i`, the weight multiplying the
    /// bonus too [DECISION].
    static func score(_ candidate: Candidate, interests: [String], dislikes: [String], weights: LearnedWeights?) -> Double? {
        if dislikes.contains(where: { matches(candidate, $0) }) { return nil }
        var score = 0.0
        for interest in interests {
            guard let match = match(candidate, interest) else { continue }
            score += (1.0 + (match == .metadata ? metadataBonus : 0)) * weights.interest(interest)
        }
        return score
    }

    /// Scored survivors sorted by `(-interest_score, title)`, at most nine. Empty means the
    /// caller reports ``allFilteredError``.
    static func run(_ candidates: [Candidate], input: PipelineInput) -> [Candidate] {
        let scored = candidates.compactMap { candidate -> Candidate? in
            guard let score = score(candidate, interests: input.interests, dislikes: input.dislikes, weights: input.weights) else {
                return nil
            }
            var copy = candidate
            copy.interestScore = score
            return copy
        }
        let sorted = scored.sorted { lhs, rhs in
            lhs.interestScore != rhs.interestScore
                ? lhs.interestScore > rhs.interestScore : TextMatch.codePointsAscending(lhs.title, rhs.title)
        }
        return Array(sorted.prefix(maxCandidates))
    }
}
