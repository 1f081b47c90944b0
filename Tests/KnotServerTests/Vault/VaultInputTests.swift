import HearthCore
import HearthServer
import Testing
import KnotRules

@testable import KnotServer

/// Every rule of §5.2's validation, one bad field at a time: each is refused with the
/// field named (the HTTP tests check the same over the wire, and that nothing is stored).
@Suite struct VaultInputTests {
    typealias F = KnotAPIFixtures

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let body: JSONValue
        /// The error's field path (`loc` after `body`).
        let field: String
    }

    static let milestoneWithoutBirthday: JSONValue = [
        [
            "milestone_type": "holiday", "milestone_name": "Christmas", "milestone_date": "2000-12-25", "recurrence": "yearly",
        ]
    ]

    static let invalid: [Case] = [
        Case(description: "partner_name missing", body: F.vault("partner_name", nil), field: "partner_name"),
        Case(description: "partner_name blank", body: F.vault("partner_name", "   "), field: "partner_name"),
        Case(
            description: "partner_name 101 characters", body: F.vault("partner_name", .string(String(repeating: "x", count: 101))),
            field: "partner_name"),
        Case(description: "partner_name a number", body: F.vault("partner_name", 5), field: "partner_name"),
        Case(description: "tenure negative", body: F.vault("relationship_tenure_months", -1), field: "relationship_tenure_months"),
        Case(description: "tenure 601", body: F.vault("relationship_tenure_months", 601), field: "relationship_tenure_months"),
        Case(description: "tenure a string", body: F.vault("relationship_tenure_months", "30"), field: "relationship_tenure_months"),
        Case(description: "cohabitation unknown", body: F.vault("cohabitation_status", "married"), field: "cohabitation_status"),
        Case(
            description: "city too long", body: F.vault("location_city", .string(String(repeating: "c", count: 101))),
            field: "location_city"),
        Case(description: "4 interests", body: F.vault("interests", ["Travel", "Cooking", "Board Games", "Concerts"]), field: "interests"),
        Case(
            description: "6 interests", body: F.vault("interests", ["Travel", "Cooking", "Board Games", "Concerts", "Gardening", "Art"]),
            field: "interests"),
        Case(
            description: "Golf", body: F.vault("interests", ["Travel", "Cooking", "Board Games", "Concerts", "Golf"]), field: "interests.4"),
        Case(
            description: "lower-case category", body: F.vault("interests", ["travel", "Cooking", "Board Games", "Concerts", "Art"]),
            field: "interests.0"),
        Case(
            description: "interest twice", body: F.vault("interests", ["Travel", "Travel", "Board Games", "Concerts", "Art"]),
            field: "interests"),
        Case(description: "interests missing", body: F.vault("interests", nil), field: "interests"),
        Case(
            description: "dislike twice", body: F.vault("dislikes", ["Sports", "Sports", "Movies", "Theater", "Dancing"]), field: "dislikes"
        ),
        Case(
            description: "Travel in both lists", body: F.vault("dislikes", ["Travel", "Comedy", "Movies", "Theater", "Dancing"]),
            field: "dislikes"),
        Case(description: "no vibes", body: F.vault("vibes", []), field: "vibes"),
        Case(description: "unknown vibe", body: F.vault("vibes", ["fancy"]), field: "vibes.0"),
        Case(description: "vibe twice", body: F.vault("vibes", ["romantic", "romantic"]), field: "vibes"),
        Case(
            description: "9 vibes",
            body: F.vault("vibes", .array((KnotVaultRules.vibes + ["romantic"]).map(JSONValue.string))), field: "vibes"),
        Case(
            description: "2 budgets", body: F.vault("budgets", .array(Array(F.vault["budgets"]!.arrayValue!.prefix(2)))), field: "budgets"),
        Case(
            description: "min above max",
            body: F.vault(
                "budgets",
                [
                    ["occasion_type": "just_because", "min_amount": 5000, "max_amount": 4000],
                    ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000],
                    ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000],
                ]), field: "budgets.0.max_amount"),
        Case(
            description: "negative min",
            body: F.vault(
                "budgets",
                [
                    ["occasion_type": "just_because", "min_amount": -1, "max_amount": 4000],
                    ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000],
                    ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000],
                ]), field: "budgets.0.min_amount"),
        Case(
            description: "two just_because budgets",
            body: F.vault(
                "budgets",
                [
                    ["occasion_type": "just_because", "min_amount": 1, "max_amount": 4000],
                    ["occasion_type": "just_because", "min_amount": 5000, "max_amount": 15000],
                    ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000],
                ]), field: "budgets"),
        Case(
            description: "lower-case currency",
            body: F.vault(
                "budgets",
                [
                    ["occasion_type": "just_because", "min_amount": 1, "max_amount": 4000, "currency": "usd"],
                    ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000],
                    ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000],
                ]), field: "budgets.0.currency"),
        Case(
            description: "same love language twice",
            body: F.vault("love_languages", ["primary": "quality_time", "secondary": "quality_time"]),
            field: "love_languages"),
        Case(
            description: "secondary love language missing", body: F.vault("love_languages", ["primary": "quality_time"]),
            field: "love_languages.secondary"),
        Case(
            description: "unknown love language", body: F.vault("love_languages", ["primary": "hugs", "secondary": "quality_time"]),
            field: "love_languages.primary"),
        Case(description: "no milestones", body: F.vault("milestones", []), field: "milestones"),
        Case(description: "milestones without a birthday", body: F.vault("milestones", milestoneWithoutBirthday), field: "milestones"),
        Case(
            description: "blank milestone name", body: F.vault(milestone: 0, "milestone_name", "  "), field: "milestones.0.milestone_name"),
        Case(
            description: "unknown milestone type", body: F.vault(milestone: 1, "milestone_type", "wedding"),
            field: "milestones.1.milestone_type"),
        Case(
            description: "impossible date", body: F.vault(milestone: 0, "milestone_date", "2001-02-29"),
            field: "milestones.0.milestone_date"),
        Case(description: "unknown recurrence", body: F.vault(milestone: 0, "recurrence", "monthly"), field: "milestones.0.recurrence"),
        Case(description: "unknown budget tier", body: F.vault(milestone: 0, "budget_tier", "huge"), field: "milestones.0.budget_tier"),
        Case(
            description: "custom milestone without a tier",
            body: F.vault(
                "milestones",
                [
                    ["milestone_type": "birthday", "milestone_name": "B", "milestone_date": "2000-03-20"],
                    ["milestone_type": "custom", "milestone_name": "Trip", "milestone_date": "2026-05-01", "recurrence": "one_time"],
                ]), field: "milestones.1.budget_tier"),
    ]

    @Test(arguments: invalid)
    func eachBrokenRuleIsRefusedNamingItsField(_ testCase: Case) {
        do {
            _ = try F.input(testCase.body)
            Issue.record("accepted: \(testCase.description)")
        } catch let error as APIError {
            #expect(error.status == .unprocessableContent)
            #expect(error.details[FastAPIErrorFormat.fieldKey] == testCase.field, "\(testCase.description): \(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theSpecExampleIsValidWithDefaultsApplied() throws {
        let input = try F.input()
        #expect(input.partnerName == "Alex")
        #expect(input.milestones.map(\.budgetTier) == ["major_milestone", "major_milestone"])
        #expect(input.locationCountry == "US")
    }

    @Test func tierDefaultsFollowTheMilestoneTypeAndNeverReplaceAnExplicitOne() throws {
        let body = F.vault(
            "milestones",
            [
                ["milestone_type": "birthday", "milestone_name": "B", "milestone_date": "2000-03-20"],
                ["milestone_type": "anniversary", "milestone_name": "A", "milestone_date": "2000-06-01"],
                ["milestone_type": "holiday", "milestone_name": "H", "milestone_date": "2000-12-25", "budget_tier": nil],
                ["milestone_type": "holiday", "milestone_name": "V", "milestone_date": "2000-02-14", "budget_tier": "just_because"],
            ])
        #expect(try F.input(body).milestones.map(\.budgetTier) == ["major_milestone", "major_milestone", "minor_occasion", "just_because"])
    }

    @Test func shortMilestoneKeysAreAcceptedAsAliases() throws {
        let body = F.vault("milestones", [["type": "birthday", "name": " Alex's Birthday ", "date": "2000-03-20", "recurrence": "yearly"]])
        let milestone = try #require(try F.input(body).milestones.first)
        #expect(milestone.milestoneType == "birthday")
        #expect(milestone.milestoneName == "Alex's Birthday")
        #expect(milestone.milestoneDate.description == "2000-03-20")
    }

    @Test func allEightVibesAreAccepted() throws {
        let body = F.vault("vibes", .array(KnotVaultRules.vibes.map(JSONValue.string)))
        #expect(try F.input(body).vibes == KnotVaultRules.vibes)
    }

    @Test func theInterestCategoriesAreFortyDistinctTitleCaseNames() {
        #expect(KnotVaultRules.interestCategories.count == 40)
        #expect(Set(KnotVaultRules.interestCategories).count == 40)
        #expect(!KnotVaultRules.interestCategorySet.contains("Golf"))
        for named in [
            "Travel", "Cooking", "Board Games", "Concerts", "Music", "Theater", "Sports", "Comedy", "Dancing", "Movies", "Family",
            "Gardening",
        ] {
            #expect(KnotVaultRules.interestCategorySet.contains(named))
        }
        #expect(InterestCategory.imageSlug("Board Games") == "interest-board-games")
    }
}
