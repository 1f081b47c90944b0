/// Total cost T, rounding, the estimated budget range and the multiplier tables (§5.3).

/// The budget estimate of one plan, in minor units of ``currency``.
public struct PlanBudgetEstimate: Sendable, Hashable, Codable {
    public var minimum: Int64
    public var maximum: Int64
    /// M = round_R(T): what the allocation splits.
    public var midpoint: Int64
    public var currency: PlannerCurrency
}

/// The multiplier tables of §5.3, as exact fractions.
public enum PlanCostModel {
    /// P: USD cents per guest.
    public static func perGuestUSDCents(_ tier: BudgetTierChoice) -> Int64 {
        switch tier {
        case .economy: 3_000
        case .standard, .unspecified: 6_000
        case .premium: 12_000
        case .luxury: 25_000
        }
    }

    /// K: the kind factor.
    public static func kindFactor(_ kind: EventKind) -> ExactFraction {
        switch kind {
        case .wedding: ExactFraction(20, 10)
        case .engagement, .business: ExactFraction(13, 10)
        case .anniversary: ExactFraction(12, 10)
        case .birthday, .other: .one
        case .graduation: ExactFraction(9, 10)
        case .babyShower: ExactFraction(8, 10)
        }
    }

    /// V: the venue factor (unspecified or skipped → 1.0).
    public static func venueFactor(_ venue: VenueKind) -> ExactFraction {
        switch venue {
        case .hotel: ExactFraction(125, 100)
        case .indoorVenue, .unspecified: .one
        case .outdoorSpace: ExactFraction(95, 100)
        case .atHome: ExactFraction(7, 10)
        }
    }

    /// S: the variant factor of the per-guest formula.
    public static func variantFactor(_ variant: PlanVariant) -> ExactFraction {
        switch variant {
        case .budget: ExactFraction(7, 10)
        case .balanced: .one
        case .premium: ExactFraction(15, 10)
        }
    }

    /// The variant factor applied to a custom budget amount.
    public static func customAmountFactor(_ variant: PlanVariant) -> ExactFraction {
        switch variant {
        case .budget: ExactFraction(8, 10)
        case .balanced: .one
        case .premium: ExactFraction(12, 10)
        }
    }

    static let cheaperWords: Set<String> = ["cheaper", "cheap", "affordable", "save", "reduce"]
    static let upgradeWords: Set<String> = ["upgrade", "fancier", "luxurious", "splurge"]

    /// A: 0.85 for "cheaper" words, 1.15 for "upgrade" words, 1.0 for both or neither.
    public static func adjustmentFactor(keywords: Set<String>) -> ExactFraction {
        let cheaper = !keywords.isDisjoint(with: cheaperWords)
        let upgrade = !keywords.isDisjoint(with: upgradeWords)
        switch (cheaper, upgrade) {
        case (true, false): return ExactFraction(85, 100)
        case (false, true): return ExactFraction(115, 100)
        default: return .one
        }
    }

    /// The exact total cost T of a variant, in minor units of the request currency.
    public static func totalCost(for request: PlanRequest, variant: PlanVariant) -> ExactFraction {
        let adjustment = adjustmentFactor(keywords: request.keywords)
        if request.customBudgetAmount > 0 {
            return ExactFraction(request.customBudgetAmount) * customAmountFactor(variant) * adjustment
        }
        return ExactFraction(Int64(request.guestCount)) * ExactFraction(perGuestUSDCents(request.budgetTier))
            * kindFactor(request.kind) * venueFactor(request.venue) * variantFactor(variant) * adjustment
            * request.currency.fromUSDCents
    }

    /// min = round_R(0.85·T), max = round_R(1.15·T) (each at least R), M = round_R(T).
    public static func estimate(total: ExactFraction, currency: PlannerCurrency) -> PlanBudgetEstimate {
        let unit = currency.roundingUnit
        let minimum = max((total * ExactFraction(85, 100)).rounded(toMultipleOf: unit), unit)
        let maximum = max((total * ExactFraction(115, 100)).rounded(toMultipleOf: unit), unit)
        let midpoint = total.rounded(toMultipleOf: unit)
        return PlanBudgetEstimate(
            minimum: PlannerMoneyLimits.clamp(minimum), maximum: PlannerMoneyLimits.clamp(maximum),
            midpoint: PlannerMoneyLimits.clamp(midpoint), currency: currency
        )
    }

    /// Whether the variant matches the requested budget tier (match score +10).
    public static func variantMatchesTier(_ variant: PlanVariant, request: PlanRequest) -> Bool {
        if request.customBudgetAmount > 0 { return variant == .balanced }
        switch request.budgetTier {
        case .economy: return variant == .budget
        case .standard, .unspecified: return variant == .balanced
        case .premium, .luxury: return variant == .premium
        }
    }
}
