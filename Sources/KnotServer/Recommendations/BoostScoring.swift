/// Stage 4 — vibe and love-language boosts and the final score (spec §6.5).
enum BoostScoring {
    /// `VIBE_MATCH_BOOST` [FACT].
    static let vibeMatchBoost = 0.30
    /// Love-language boosts (primary, secondary) [FACT].
    static let loveLanguageBoosts: [String: (primary: Double, secondary: Double)] = [
        "receiving_gifts": (0.40, 0.20),
        "quality_time": (0.40, 0.20),
        "acts_of_service": (0.20, 0.10),
        "words_of_affirmation": (0.20, 0.10),
        "physical_touch": (0.20, 0.10),
    ]

    /// `matched_vibe` names the vibe, or one of its keywords matches the title or description.
    static func vibeMatches(_ candidate: Candidate, _ vibe: String) -> Bool {
        candidate.matchedVibe == vibe
            || KeywordTables.vibeKeywordMatches(vibe, title: candidate.title, description: candidate.description)
    }

    /// `receiving_gifts` ⇔ a gift; `quality_time` ⇔ an experience or a date; the other
    /// three ⇔ one of their keywords matches the title or description.
    static func loveLanguageMatches(_ candidate: Candidate, _ language: String) -> Bool {
        switch language {
        case "receiving_gifts": candidate.type == .gift
        case "quality_time": candidate.type == .experience || candidate.type == .date
        default: KeywordTables.loveLanguageKeywordMatches(language, title: candidate.title, description: candidate.description)
        }
    }

    /// Σ over the vault's vibes that match of `0.30 × w_vibe` (stacking).
    static func vibeBoost(_ candidate: Candidate, vibes: [String], weights: LearnedWeights?) -> Double {
        vibes.reduce(0.0) { sum, vibe in
            vibeMatches(candidate, vibe) ? sum + vibeMatchBoost * weights.vibe(vibe) : sum
        }
    }

    static func loveLanguageBoost(_ candidate: Candidate, primary: String, secondary: String, weights: LearnedWeights?) -> Double {
        var boost = 0.0
        if let values = loveLanguageBoosts[primary], loveLanguageMatches(candidate, primary) {
            boost += values.primary * weights.loveLanguage(primary)
        }
        if let values = loveLanguageBoosts[secondary], loveLanguageMatches(candidate, secondary) {
            boost += values.secondary * weights.loveLanguage(secondary)
        }
        return boost
    }

    /// `max(interest_score, 1.0) × (1 + vibe_boost) × (1 + ll_boost) × type_weight` [FACT].
    static func finalScore(interestScore: Double, vibeBoost: Double, loveLanguageBoost: Double, typeWeight: Double) -> Double {
        max(interestScore, 1.0) * (1 + vibeBoost) * (1 + loveLanguageBoost) * typeWeight
    }

    /// Scores every candidate and returns the pool, sorted by `(-final_score, title)`.
    static func run(_ candidates: [Candidate], input: PipelineInput) -> [Candidate] {
        let scored = candidates.map { candidate in
            var copy = candidate
            copy.vibeScore = vibeBoost(candidate, vibes: input.vibes, weights: input.weights)
            copy.loveLanguageScore = loveLanguageBoost(
                candidate, primary: input.primaryLoveLanguage, secondary: input.secondaryLoveLanguage, weights: input.weights)
            copy.finalScore = finalScore(
                interestScore: candidate.interestScore, vibeBoost: copy.vibeScore, loveLanguageBoost: copy.loveLanguageScore,
                typeWeight: input.weights.type(candidate.type))
            return copy
        }
        return sortedByFinalScore(scored)
    }

    static func sortedByFinalScore(_ candidates: [Candidate]) -> [Candidate] {
        candidates.sorted { lhs, rhs in
            lhs.finalScore != rhs.finalScore ? lhs.finalScore > rhs.finalScore : TextMatch.codePointsAscending(lhs.title, rhs.title)
        }
    }
}
