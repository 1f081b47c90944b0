import HearthCore
import Testing

@testable import KnotServer

@Suite struct PipelineInputTests {
    static func vault(budgets: [StoredVault.Budget]) -> StoredVault {
        let now = Timestamp(millisecondsSince1970: 0)
        return StoredVault(
            id: "v1", userID: "u1", partnerName: "Alex", relationshipTenureMonths: 30, cohabitationStatus: nil, locationCity: "Austin",
            locationState: "TX", locationCountry: "US", createdAt: now, updatedAt: now,
            interests: ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
            dislikes: ["Sports", "Comedy", "Movies", "Theater", "Dancing"], vibes: ["romantic", "minimalist"], budgets: budgets,
            loveLanguages: [.init(language: "receiving_gifts", priority: 2), .init(language: "quality_time", priority: 1)],
            milestones: [])
    }

    @Test func vaultInputTakesLoveLanguagesByPriorityAndTheOccasionBudget() {
        let budgets = [StoredVault.Budget(id: "b", occasionType: "minor_occasion", minAmount: 5100, maxAmount: 9000, currency: "EUR")]
        let input = PipelineInput(vault: Self.vault(budgets: budgets), occasionType: "minor_occasion")
        #expect(input.primaryLoveLanguage == "quality_time")
        #expect(input.secondaryLoveLanguage == "receiving_gifts")
        #expect(input.budgetRange == BudgetRange(minAmount: 5100, maxAmount: 9000, currency: "EUR"))
        #expect(input.location == .init(city: "Austin", state: "TX", country: "US"))
        #expect(input.vaultID == "v1")
    }

    @Test func vaultWithoutABudgetForTheOccasionGetsTheDefaults() {
        let input = PipelineInput(vault: Self.vault(budgets: []), occasionType: "major_milestone")
        #expect(input.budgetRange == BudgetRange(minAmount: 10000, maxAmount: 50000, currency: "USD"))
    }
}
