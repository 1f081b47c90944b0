import Testing
import KnotRules

@testable import KnotServer

@Suite struct TextMatchTests {
    @Test func normLowercasesAndTrims() {
        #expect(TextMatch.norm("  Board GAMES \n") == "board games")
        #expect(TextMatch.norm("ÉTÉ") == "été")
    }

    @Test func matchingIsSubstringOfNormalisedTextIncludingPartialWords() {
        #expect(TextMatch.matches("Art", in: "A smart gift"))
        #expect(TextMatch.matches(" cooking ", in: "For the COOKING enthusiast"))
        #expect(!TextMatch.matches("Board Games", in: "Strategy Board Game"))
        #expect(!TextMatch.matches("Travel", in: nil))
        #expect(!TextMatch.matches("  ", in: "anything"))
    }

    @Test func keywordTablesHaveOneListPerVibeAndTheThreeKeywordLoveLanguages() {
        #expect(Set(KeywordTables.vibeKeywords.keys) == Set(KnotVaultRules.vibes))
        #expect(Set(KeywordTables.loveLanguageKeywords.keys) == ["acts_of_service", "words_of_affirmation", "physical_touch"])
        #expect(KeywordTables.loveLanguageKeywords["physical_touch"] == ["couples", "massage", "spa", "dance class", "together", "two people", "for two"])
    }

    @Test func titlesSortByUnicodeCodePoints() {
        #expect(TextMatch.codePointsAscending("Banana", "apple"))
        #expect(TextMatch.codePointsAscending("Alpha", "Beta"))
        #expect(!TextMatch.codePointsAscending("Beta", "Beta"))
    }
}

@Suite struct BudgetRangeTests {
    @Test func defaultsApplyWhenTheVaultHasNoBudgetForTheOccasion() {
        #expect(BudgetRange.resolve(occasionType: "just_because", budgets: []) == BudgetRange(minAmount: 2000, maxAmount: 5000))
        #expect(BudgetRange.resolve(occasionType: "minor_occasion", budgets: []) == BudgetRange(minAmount: 5000, maxAmount: 15000))
        #expect(BudgetRange.resolve(occasionType: "major_milestone", budgets: []) == BudgetRange(minAmount: 10000, maxAmount: 50000))
        #expect(BudgetRange.resolve(occasionType: "other", budgets: []) == BudgetRange(minAmount: 2000, maxAmount: 10000))
        let own = [PipelineInput.Budget(occasionType: "minor_occasion", minAmount: 100, maxAmount: 200, currency: "EUR")]
        #expect(BudgetRange.resolve(occasionType: "minor_occasion", budgets: own) == BudgetRange(minAmount: 100, maxAmount: 200, currency: "EUR"))
    }

    @Test func budgetFilterIsInclusiveAndLetsNullPricesThrough() {
        let budget = BudgetRange(minAmount: 2000, maxAmount: 5000)
        let prices: [Int64?] = [1999, 2000, 5000, 5001, nil]
        #expect(prices.filter(budget.admits) == [2000, 5000, nil])
    }
}
