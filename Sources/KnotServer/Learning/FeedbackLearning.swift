import KnotRules
/// Feedback learning's arithmetic (spec §7 steps 2–5), pure.
enum FeedbackLearning {
    /// A user with fewer feedback rows gets no weights written [FACT].
    static let minimumFeedbackCount = 3
    static let minimumWeight = 0.5
    static let maximumWeight = 2.0
    /// Step 2 without a rating [PROPOSAL, adopted by decision 4: a refresh is −0.5 whatever the reason].
    static let actionScores: [String: Double] = [
        "purchased": 1.0, "selected": 0.5, "saved": 0.5, "shared": 0.5, "handoff": 0.25, "refreshed": -0.5,
    ]

    /// One feedback row as learning reads it: what was recommended and what the user did.
    struct Observation: Sendable {
        var recommendation: Candidate
        var action: String
        var rating: Int64?
    }

    /// `(rating − 3) / 2` when rated, else the action's score; `nil` for `rated` without a rating.
    static func score(action: String, rating: Int64?) -> Double? {
        if let rating { return (Double(rating) - 3) / 2 }
        return actionScores[action]
    }

    /// `clamp(1 + mean × √n / (√n + 2), 0.5, 2.0)` [FACT].
    static func weight(_ scores: [Double]) -> Double {
        guard !scores.isEmpty else { return 1.0 }
        let count = Double(scores.count)
        let mean = scores.reduce(0, +) / count
        let damping = count.squareRoot() / (count.squareRoot() + 2)
        return min(max(1.0 + mean * damping, minimumWeight), maximumWeight)
    }

    /// The user's weights, or `nil` below the threshold (then nothing is written). Each
    /// scored row counts for the vault interests it matches (§6.4), every vibe and love
    /// language it matches (§6.5) and its type; keys without data are left out.
    static func weights(from observations: [Observation], interests: [String]) -> LearnedWeights? {
        guard observations.count >= minimumFeedbackCount else { return nil }
        var interestScores: [String: [Double]] = [:]
        var vibeScores: [String: [Double]] = [:]
        var languageScores: [String: [Double]] = [:]
        var typeScores: [String: [Double]] = [:]
        for observation in observations {
            guard let score = score(action: observation.action, rating: observation.rating) else { continue }
            let item = observation.recommendation
            for interest in interests where InterestFiltering.matches(item, interest) { interestScores[interest, default: []].append(score) }
            for vibe in KnotVaultRules.vibes where BoostScoring.vibeMatches(item, vibe) { vibeScores[vibe, default: []].append(score) }
            for language in KnotVaultRules.loveLanguages where BoostScoring.loveLanguageMatches(item, language) {
                languageScores[language, default: []].append(score)
            }
            typeScores[item.type.rawValue, default: []].append(score)
        }
        return LearnedWeights(
            interests: interestScores.mapValues(weight), vibes: vibeScores.mapValues(weight),
            loveLanguages: languageScores.mapValues(weight), types: typeScores.mapValues(weight))
    }
}
