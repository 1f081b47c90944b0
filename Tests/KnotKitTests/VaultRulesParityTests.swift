import HearthCore
import HearthServer
import KnotKit
import Testing
import KnotRules

@testable import KnotServer

/// The kit and the server share `KnotVaultRules` but each validates in its own words (the
/// server answers FastAPI 422s, the kit names the flag to fix): these tests fail the moment
/// the two disagree on any case below, or on the vocabulary they do not share.
@Suite("KnotKit — vault rules agree with the server")
struct VaultRulesParityTests {
    typealias Draft = VaultDraft

    @Test func theKitsDefaultsAndVocabularyAreTheServers() {
        for budget in Draft.Budget.defaults {
            let range = KnotVaultRules.defaultBudget(for: budget.occasionType)
            #expect((budget.minAmount, budget.maxAmount) == (range.min, range.max))
        }
        #expect(KnotKit.RejectionReason.allCases.map(\.rawValue) == KnotServer.RejectionReason.allCases.map(\.rawValue))
        #expect(FeedbackAction.allCases.map(\.rawValue) == RecommendationStore.actions)
        #expect(Hint.maxLength == HintInput.maxLength)
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let draft: VaultDraft
    }

    static func changed(_ description: String, _ change: (inout VaultDraft) -> Void) -> Case {
        var draft = KnotKitFixtures.draft
        change(&draft)
        return Case(description: description, draft: draft)
    }

    static func budget(_ index: Int, _ change: @escaping (inout VaultDraft.Budget) -> Void) -> (inout VaultDraft) -> Void {
        { draft in change(&draft.budgets[index]) }
    }

    static func milestone(_ index: Int, _ change: @escaping (inout VaultDraft.Milestone) -> Void) -> (inout VaultDraft) -> Void {
        { draft in change(&draft.milestones[index]) }
    }

    static let cases: [Case] = [
        changed("the spec's example") { _ in },
        changed("a name padded with spaces") { $0.partnerName = "  Sam  " },
        changed("a blank name") { $0.partnerName = "   " },
        changed("a name of 100 characters") { $0.partnerName = String(repeating: "n", count: 100) },
        changed("a name of 101 characters") { $0.partnerName = String(repeating: "n", count: 101) },
        changed("tenure -1") { $0.relationshipTenureMonths = -1 },
        changed("tenure 600") { $0.relationshipTenureMonths = 600 },
        changed("tenure 601") { $0.relationshipTenureMonths = 601 },
        changed("unknown cohabitation") { $0.cohabitationStatus = "married" },
        changed("blank city") { $0.locationCity = "  " },
        changed("city of 101 characters") { $0.locationCity = String(repeating: "c", count: 101) },
        changed("no country") { $0.locationCountry = nil },
        changed("4 interests") { $0.interests.removeLast() },
        changed("6 interests") { $0.interests.append("Art") },
        changed("Golf") { $0.interests[4] = "Golf" },
        changed("lower-case travel") { $0.interests[0] = "travel" },
        changed("an interest twice") { $0.interests[1] = "Travel" },
        changed("no dislikes") { $0.dislikes = [] },
        changed("a dislike twice") { $0.dislikes[1] = "Sports" },
        changed("Travel liked and disliked") { $0.dislikes[0] = "Travel" },
        changed("no vibes") { $0.vibes = [] },
        changed("all eight vibes") { $0.vibes = KnotVaultRules.vibes },
        changed("nine vibes") { $0.vibes = KnotVaultRules.vibes + ["romantic"] },
        changed("an unknown vibe") { $0.vibes = ["romantic", "fancy"] },
        changed("a vibe twice") { $0.vibes = ["romantic", "romantic"] },
        changed("two budgets") { $0.budgets.removeLast() },
        changed("four budgets") { $0.budgets.append($0.budgets[0]) },
        changed("a budget twice") { $0.budgets[1].occasionType = "just_because" },
        changed("an unknown occasion", budget(2) { $0.occasionType = "wedding" }),
        changed("min above max", budget(0) { $0.maxAmount = $0.minAmount - 1 }),
        changed("min equal to max", budget(0) { $0.maxAmount = $0.minAmount }),
        changed("a negative min", budget(0) { $0.minAmount = -1 }),
        changed("a max over the limit", budget(2) { $0.maxAmount = 1_000_000_001 }),
        changed("no currency", budget(1) { $0.currency = nil }),
        changed("a lower-case currency", budget(0) { $0.currency = "usd" }),
        changed("a four-letter currency", budget(0) { $0.currency = "USDT" }),
        changed("a two-letter currency", budget(0) { $0.currency = "US" }),
        changed("the same love language twice") { $0.loveLanguages.secondary = "quality_time" },
        changed("an unknown primary love language") { $0.loveLanguages.primary = "hugs" },
        changed("an empty secondary love language") { $0.loveLanguages.secondary = "" },
        changed("no milestones") { $0.milestones = [] },
        changed("no birthday") { $0.milestones.removeFirst() },
        changed("a blank milestone name", milestone(0) { $0.milestoneName = " " }),
        changed("an unknown milestone type", milestone(1) { $0.milestoneType = "wedding" }),
        changed("29 February 2001", milestone(0) { $0.milestoneDate = "2001-02-29" }),
        changed("29 February 2000", milestone(0) { $0.milestoneDate = "2000-02-29" }),
        changed("a month 13", milestone(0) { $0.milestoneDate = "2000-13-01" }),
        changed("a date in words", milestone(0) { $0.milestoneDate = "March 20" }),
        changed("an unknown recurrence", milestone(0) { $0.recurrence = "monthly" }),
        changed("no recurrence", milestone(0) { $0.recurrence = nil }),
        changed("an unknown budget tier", milestone(0) { $0.budgetTier = "huge" }),
        changed("a holiday without a tier", milestone(1) { $0.budgetTier = nil }),
        changed("a custom milestone without a tier") {
            $0.milestones.append(.init(milestoneType: "custom", milestoneName: "Trip", milestoneDate: "2026-05-01", recurrence: "one_time"))
        },
        changed("a custom milestone with a tier") {
            $0.milestones.append(
                .init(milestoneType: "custom", milestoneName: "Trip", milestoneDate: "2026-05-01", recurrence: "one_time", budgetTier: "minor_occasion"))
        },
        changed("101 milestones") { draft in
            draft.milestones += Array(repeating: draft.milestones[0], count: 100 - draft.milestones.count + 1)
        },
    ]

    /// What the server makes of `draft` sent as JSON: the validated input, or the field its 422 names.
    static func server(_ draft: VaultDraft) throws -> Result<VaultInput, APIError> {
        let body = try JSONValueEncoder().encode(draft)
        do {
            return .success(try VaultInput(try BodyFields(body)))
        } catch let error as APIError {
            return .failure(error)
        }
    }

    @Test(arguments: cases)
    func theKitAndTheServerAcceptAndRefuseTheSameDrafts(_ testCase: Case) throws {
        let local = Result { try VaultValidation.validated(testCase.draft) }
        switch (local, try Self.server(testCase.draft)) {
        case (.success(let draft), .success(let input)):
            #expect(draft.partnerName == input.partnerName)
            #expect(draft.locationCountry == input.locationCountry)
            #expect(draft.locationCity == input.locationCity)
            #expect(draft.interests == input.interests && draft.dislikes == input.dislikes && draft.vibes == input.vibes)
            #expect(draft.budgets.map { $0.currency ?? "" } == input.budgets.map(\.currency))
            #expect(draft.milestones.map { $0.budgetTier ?? "" } == input.milestones.map(\.budgetTier))
            #expect(draft.milestones.map { $0.recurrence ?? "" } == input.milestones.map(\.recurrence))
            #expect(draft.milestones.map(\.milestoneName) == input.milestones.map(\.milestoneName))
        case (.failure(let error), .failure(let refusal)):
            guard case KnotError.invalid(let field, _) = error else {
                Issue.record("\(testCase): unexpected \(error)")
                return
            }
            #expect(field == refusal.details[FastAPIErrorFormat.fieldKey], "\(testCase): kit \(error), server \(refusal.message)")
        case (.success, .failure(let refusal)):
            Issue.record("\(testCase): the kit accepts what the server refuses (\(refusal.message))")
        case (.failure(let error), .success):
            Issue.record("\(testCase): the kit refuses what the server accepts (\(error))")
        }
    }
}
