import KnotRules
/// The price window of one pipeline run, in cents (spec §6.1).
struct BudgetRange: Sendable, Hashable {
    var minAmount: Int64
    var maxAmount: Int64
    var currency: String = "USD"

    /// The vault's budget for `occasionType` when it has one, else the [FACT] defaults
    /// (`just_because` 2000–5000, `minor_occasion` 5000–15000, `major_milestone`
    /// 10000–50000, anything else 2000–10000; currency `USD`).
    static func resolve(occasionType: String, budgets: [PipelineInput.Budget]) -> BudgetRange {
        if let budget = budgets.first(where: { $0.occasionType == occasionType }) {
            return BudgetRange(minAmount: budget.minAmount, maxAmount: budget.maxAmount, currency: budget.currency)
        }
        return defaults(for: occasionType)
    }

    static func defaults(for occasionType: String) -> BudgetRange {
        let range = KnotVaultRules.defaultBudget(for: occasionType)
        return BudgetRange(minAmount: range.min, maxAmount: range.max, currency: "USD")
    }

    /// Stage 2 step 4: a NULL price passes; otherwise the price must lie in
    /// `[minAmount, maxAmount]`, both ends inclusive.
    func admits(_ priceCents: Int64?) -> Bool {
        guard let price = priceCents else { return true }
        return price >= minAmount && price <= maxAmount
    }

    func filter(_ candidates: [Candidate]) -> [Candidate] {
        candidates.filter { admits($0.priceCents) }
    }
}
