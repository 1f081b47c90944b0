import HearthCore
import KnotRules

/// Why the user asked for different recommendations (spec §3.1 "Rejection reasons").
enum RejectionReason: String, Sendable, Hashable, CaseIterable {
    case tooExpensive = "too_expensive"
    case tooCheap = "too_cheap"
    case notTheirStyle = "not_their_style"
    case alreadyHaveSimilar = "already_have_similar"
    case showDifferent = "show_different"
}

/// A stored recommendation the user rejected, with what the exclusion rules read.
struct RejectedRecommendation: Sendable, Hashable {
    var title: String
    var description: String?
    var type: RecommendationType
    var merchantName: String?
    var priceCents: Int64?
    var metadata: JSONValue = .object([:])
}

/// The refresh exclusion rules (spec §6.10), applied to the pool between Stages 4 and 5.
struct RefreshExclusion: Sendable, Hashable {
    /// [PROPOSAL] The spec answers 500 here without naming a detail.
    static let everythingExcludedError = "No new recommendations left after excluding the rejected ones"

    var reason: RejectionReason
    var rejected: [RejectedRecommendation]

    /// Every rule of `reason`; when that leaves nothing, the baseline alone (which may be
    /// empty too: the caller then fails).
    func apply(to pool: [Candidate], budget: BudgetRange) -> [Candidate] {
        let baseline = baseline(pool)
        let filtered = baseline.filter { !excludedByReason($0, budget: budget) }
        return filtered.isEmpty ? baseline : filtered
    }

    /// The rule for every reason: drop candidates whose `norm(title)` equals a rejected one's.
    func baseline(_ pool: [Candidate]) -> [Candidate] {
        let titles = Set(rejected.map { TextMatch.norm($0.title) })
        return pool.filter { !titles.contains(TextMatch.norm($0.title)) }
    }

    func excludedByReason(_ candidate: Candidate, budget: BudgetRange) -> Bool {
        switch reason {
        case .tooExpensive:
            // Highest rejected tier and everything above it [DECISION].
            guard let limit = rejected.map({ PriceTier(price: $0.priceCents, budget: budget) }).max() else { return false }
            return PriceTier(price: candidate.priceCents, budget: budget) >= limit
        case .tooCheap:
            guard let limit = rejected.map({ PriceTier(price: $0.priceCents, budget: budget) }).min() else { return false }
            return PriceTier(price: candidate.priceCents, budget: budget) <= limit
        case .notTheirStyle:
            guard let vibe = candidate.matchedVibe else { return false }
            return rejectedVibes.contains(vibe)
        case .alreadyHaveSimilar:
            guard let merchant = candidate.merchantName else { return false }
            let key = TextMatch.norm(merchant)
            return rejected.contains { row in
                row.merchantName.map(TextMatch.norm) == key && row.type == candidate.type
            }
        case .showDifferent:
            return false
        }
    }

    /// Stored `matched_vibe` values of the rejected rows, plus every vibe whose keywords
    /// match a rejected title or description.
    var rejectedVibes: Set<String> {
        var vibes = Set(rejected.compactMap { $0.metadata["matched_vibe"]?.stringValue })
        for vibe in KnotVaultRules.vibes
        where rejected.contains(where: { KeywordTables.vibeKeywordMatches(vibe, title: $0.title, description: $0.description) }) {
            vibes.insert(vibe)
        }
        return vibes
    }
}
