import Testing
@testable import RushDayServer

@Suite("Total cost, rounding and budget range (§5.3)")
struct PlanCostModelTests {
    @Test func workedExampleBirthdayMediumStandardIndoorBalancedUSD() throws {
        let request = try PlannerFixtures.birthdayRequest(target: 2)
        let total = PlanCostModel.totalCost(for: request, variant: .balanced)
        #expect(total == ExactFraction(300_000))
        let estimate = PlanCostModel.estimate(total: total, currency: .usd)
        #expect(estimate.minimum == 255_000)
        #expect(estimate.maximum == 345_000)
        #expect(estimate.midpoint == 300_000)
    }

    @Test func perGuestPriceTableP() {
        #expect(PlanCostModel.perGuestUSDCents(.economy) == 3_000)
        #expect(PlanCostModel.perGuestUSDCents(.standard) == 6_000)
        #expect(PlanCostModel.perGuestUSDCents(.unspecified) == 6_000)
        #expect(PlanCostModel.perGuestUSDCents(.premium) == 12_000)
        #expect(PlanCostModel.perGuestUSDCents(.luxury) == 25_000)
    }

    @Test func kindFactorTableK() {
        let expected: [EventKind: ExactFraction] = [
            .wedding: ExactFraction(2), .engagement: ExactFraction(13, 10), .business: ExactFraction(13, 10),
            .anniversary: ExactFraction(6, 5), .birthday: .one, .other: .one, .graduation: ExactFraction(9, 10),
            .babyShower: ExactFraction(4, 5),
        ]
        for kind in EventKind.allCases { #expect(PlanCostModel.kindFactor(kind) == expected[kind]) }
    }

    @Test func venueFactorTableV() {
        #expect(PlanCostModel.venueFactor(.hotel) == ExactFraction(5, 4))
        #expect(PlanCostModel.venueFactor(.indoorVenue) == .one)
        #expect(PlanCostModel.venueFactor(.outdoorSpace) == ExactFraction(19, 20))
        #expect(PlanCostModel.venueFactor(.atHome) == ExactFraction(7, 10))
        #expect(PlanCostModel.venueFactor(.unspecified) == .one)
    }

    @Test func variantFactorTablesSAndCustomAmount() {
        #expect(PlanCostModel.variantFactor(.budget) == ExactFraction(7, 10))
        #expect(PlanCostModel.variantFactor(.balanced) == .one)
        #expect(PlanCostModel.variantFactor(.premium) == ExactFraction(3, 2))
        #expect(PlanCostModel.customAmountFactor(.budget) == ExactFraction(4, 5))
        #expect(PlanCostModel.customAmountFactor(.balanced) == .one)
        #expect(PlanCostModel.customAmountFactor(.premium) == ExactFraction(6, 5))
    }

    @Test func adjustmentFactorAFromKeywords() {
        #expect(PlanCostModel.adjustmentFactor(keywords: ["cheap"]) == ExactFraction(85, 100))
        #expect(PlanCostModel.adjustmentFactor(keywords: ["save", "money"]) == ExactFraction(85, 100))
        #expect(PlanCostModel.adjustmentFactor(keywords: ["splurge"]) == ExactFraction(115, 100))
        #expect(PlanCostModel.adjustmentFactor(keywords: ["cheap", "upgrade"]) == .one)
        #expect(PlanCostModel.adjustmentFactor(keywords: []) == .one)
        // Whole words only: "saved" and "cheapest" are not "save" / "cheap".
        #expect(PlanCostModel.adjustmentFactor(keywords: PlannerText.words(in: ["we saved the cheapest"])) == .one)
    }

    @Test func currencyFactorTableC() {
        let expected: [String: ExactFraction] = [
            "USD": .one, "EUR": ExactFraction(92, 100), "GBP": ExactFraction(79, 100), "CAD": ExactFraction(136, 100),
            "AUD": ExactFraction(152, 100), "CHF": ExactFraction(88, 100), "CNY": ExactFraction(72, 10),
            "INR": ExactFraction(83), "RUB": ExactFraction(90), "JPY": ExactFraction(3, 2), "UZS": ExactFraction(12_500),
            "SEK": .one,
        ]
        for (code, factor) in expected { #expect(PlannerCurrency(code: code).fromUSDCents == factor, "\(code)") }
    }

    @Test func currencyExponentsJPYZeroOthersTwo() {
        #expect(PlannerCurrency(code: "JPY").exponent == 0)
        #expect(PlannerCurrency(code: "JPY").roundingUnit == 10)
        for code in ["USD", "EUR", "GBP", "AUD", "CAD", "CHF", "CNY", "INR", "RUB", "UZS", "SEK"] {
            #expect(PlannerCurrency(code: code).exponent == 2)
            #expect(PlannerCurrency(code: code).roundingUnit == 1_000)
        }
    }

    @Test func jpyEstimateUsesWholeYenAndTenYenRounding() throws {
        var raw = PlannerFixtures.birthdayInput(target: 2)
        raw.currencyCode = "JPY"
        let request = try PlanInputNormaliser.normalise(raw)
        let estimate = PlanCostModel.estimate(total: PlanCostModel.totalCost(for: request, variant: .balanced), currency: request.currency)
        // 50 × 6 000 × 1.5 = 450 000 yen.
        #expect(estimate.midpoint == 450_000)
        #expect(estimate.minimum == 382_500)
        #expect(estimate.maximum == 517_500)
    }

    @Test func roundingIsHalfAwayFromZeroToTheUnit() {
        #expect(ExactFraction(1_500).rounded(toMultipleOf: 1_000) == 2_000)
        #expect(ExactFraction(1_499).rounded(toMultipleOf: 1_000) == 1_000)
        #expect(ExactFraction(2_500).rounded(toMultipleOf: 1_000) == 3_000)
        #expect(ExactFraction(5, 2).rounded(toMultipleOf: 5) == 5)
    }

    @Test func estimateBoundsAreAtLeastOneRoundingUnit() {
        let estimate = PlanCostModel.estimate(total: ExactFraction(100), currency: .usd)
        #expect(estimate.minimum == 1_000)
        #expect(estimate.maximum == 1_000)
    }

    @Test func customBudgetAmountIgnoresGuestsAndCurrencyFactor() throws {
        var raw = PlannerFixtures.birthdayInput()
        raw.customBudgetAmount = 500_000
        raw.currencyCode = "EUR"
        let request = try PlanInputNormaliser.normalise(raw)
        #expect(PlanCostModel.totalCost(for: request, variant: .budget) == ExactFraction(400_000))
        #expect(PlanCostModel.totalCost(for: request, variant: .balanced) == ExactFraction(500_000))
        #expect(PlanCostModel.totalCost(for: request, variant: .premium) == ExactFraction(600_000))
    }

    @Test func luxuryWeddingAtHotelPremiumWithUpgradeStaysExact() throws {
        var raw = RawPlanInput()
        raw.eventType = 2
        raw.customGuestCount = 100_000
        raw.budgetTier = 4
        raw.venueType = 4
        raw.adjustmentText = "please upgrade"
        raw.currencyCode = "UZS"
        let request = try PlanInputNormaliser.normalise(raw)
        // 100 000 × 25 000 × 2 × 1.25 × 1.5 × 1.15 × 12 500 exactly.
        let total = PlanCostModel.totalCost(for: request, variant: .premium)
        #expect(total == ExactFraction(134_765_625_000_000))
        let estimate = PlanCostModel.estimate(total: total, currency: request.currency)
        #expect(estimate.maximum == PlannerMoneyLimits.maximumAmount)
    }

    @Test func moneyFormattingUsesMinorUnitsWithoutFloatingPoint() {
        #expect(PlannerCurrency.usd.format(500_000) == "$5,000.00")
        #expect(PlannerCurrency(code: "JPY").format(9_000) == "¥9,000")
        #expect(PlannerCurrency(code: "EUR").format(5) == "€0.05")
    }
}
