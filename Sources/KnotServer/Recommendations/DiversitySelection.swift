/// A price's third of the budget range (spec §6.6); ordered low < mid < high.
enum PriceTier: Int, Sendable, Hashable, Comparable, CaseIterable {
    case low, mid, high

    /// NULL price or an empty range → `mid`; else thirds of `max − min` (real division),
    /// prices outside the range falling into `low`/`high`.
    init(price: Int64?, budget: BudgetRange) {
        guard let price, budget.maxAmount - budget.minAmount > 0 else {
            self = .mid
            return
        }
        let band = Double(budget.maxAmount - budget.minAmount) / 3
        let value = Double(price)
        let min = Double(budget.minAmount)
        if value < min + band {
            self = .low
        } else if value < min + 2 * band {
            self = .mid
        } else {
            self = .high
        }
    }

    static func < (lhs: PriceTier, rhs: PriceTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Stage 5 — diversity selection (spec §6.6).
enum DiversitySelection {
    /// `TARGET_COUNT` [FACT].
    static let targetCount = 3

    /// Merchants compared by `norm`; NULL equals NULL and differs from any name [DECISION].
    static func sameMerchant(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let left?, let right?): TextMatch.norm(left) == TextMatch.norm(right)
        default: false
        }
    }

    /// How many of (price tier, type, merchant) differ from every selected item; 3 when
    /// nothing is selected yet.
    static func diversity(_ candidate: Candidate, selected: [Candidate], budget: BudgetRange) -> Int {
        let tier = PriceTier(price: candidate.priceCents, budget: budget)
        var score = 0
        if selected.allSatisfy({ PriceTier(price: $0.priceCents, budget: budget) != tier }) { score += 1 }
        if selected.allSatisfy({ $0.type != candidate.type }) { score += 1 }
        if selected.allSatisfy({ !sameMerchant($0.merchantName, candidate.merchantName) }) { score += 1 }
        return score
    }

    /// The pool's first element, then greedily the most diverse remaining candidate (ties:
    /// higher `final_score`, then smaller title), up to three. The pool is not reordered.
    static func select(from pool: [Candidate], budget: BudgetRange, count: Int = targetCount) -> [Candidate] {
        guard let first = pool.first, count > 0 else { return [] }
        var selected = [first]
        var remaining = Array(pool.dropFirst())
        while selected.count < count, !remaining.isEmpty {
            var bestIndex = 0
            var bestDiversity = diversity(remaining[0], selected: selected, budget: budget)
            for index in remaining.indices.dropFirst() {
                let candidate = remaining[index]
                let value = diversity(candidate, selected: selected, budget: budget)
                let best = remaining[bestIndex]
                let better =
                    value != bestDiversity
                    ? value > bestDiversity
                    : candidate.finalScore != best.finalScore
                        ? candidate.finalScore > best.finalScore : TextMatch.codePointsAscending(candidate.title, best.title)
                if better {
                    bestIndex = index
                    bestDiversity = value
                }
            }
            selected.append(remaining.remove(at: bestIndex))
        }
        return selected
    }
}
