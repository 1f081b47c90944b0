import Foundation
import HearthClient
import HearthCore
import HearthTesting
import KnotKit
import Testing

@testable import KnotServer

/// The app's main path on a real server, on every engine: onboarding, hints, three
/// recommendations, three others after "too expensive", saving one, the export, and
/// deleting the account.
@Suite("KnotKit — onboarding to recommendations")
struct OnboardingFlowTests {
    typealias F = KnotKitFixtures

    @Test(arguments: TestEngine.available)
    func onboardHintRecommendRefreshSaveExportAndDelete(engine: TestEngine) async throws {
        try await TestServer.knotKit(engine: engine) { server in
            let device = try await F.signedUp("flow@example.com", on: server)
            defer { device.remove() }
            let client = device.client

            // Nothing works before onboarding, and says so.
            await #expect(throws: KnotError.noVault(detail: KnotError.noVaultDetail)) { _ = try await client.hints.list() }
            // A draft the server would refuse never leaves the device.
            var broken = F.draft
            broken.interests[4] = "Golf"
            await #expect(throws: KnotError.invalid(field: "interests.4", message: "Input should be one of the 40 interest categories")) {
                _ = try await client.vault.save(broken)
            }

            let created = try await client.vault.save(F.draft)
            #expect(created.created)
            #expect(created.summary.interestsCount == 5 && created.summary.milestonesCount == 2)
            await #expect(throws: KnotError.conflict(detail: "A partner vault already exists for this user. Use PUT to update.")) {
                _ = try await client.vault.create(F.draft)
            }
            let vault = try #require(try await client.vault.current())
            #expect(vault.vaultID == created.summary.vaultID)
            #expect(vault.milestones.map(\.budgetTier) == ["major_milestone", "just_because"])
            var edited = vault.draft
            edited.vibes = ["romantic", "minimalist", "vintage"]
            let updated = try await client.vault.save(edited)
            #expect(!updated.created && updated.summary.vaultID == vault.vaultID && updated.summary.vibesCount == 3)
            #expect(try await client.vault.current()?.milestones.map(\.id) == vault.milestones.map(\.id), "unchanged milestones keep their ids")

            let pottery = try await client.hints.add("  She keeps talking about a pottery class ")
            #expect(pottery.hintText == "She keeps talking about a pottery class" && pottery.source == "text_input")
            let scarf = try await client.hints.add("Lost her favourite scarf", source: .voiceTranscription)
            let jazz = try await client.hints.add("Loves live jazz")
            #expect(try await client.hints.list().hints.map(\.id) == [jazz.id, scarf.id, pottery.id])
            try await client.hints.remove(id: scarf.id)
            await #expect(throws: KnotError.notFound(detail: "Hint not found")) { try await client.hints.remove(id: scarf.id) }
            let page = try await client.hints.list(limit: 1)
            #expect(page.total == 2 && page.hints.map(\.id) == [jazz.id])

            // Three ideas, then three others that respect "too expensive".
            let first = try await client.recommendations.generate(occasion: .justBecause)
            #expect(first.count == 3 && first.recommendations.count == 3 && first.occasionType == .justBecause)
            let budget = BudgetRange(minAmount: 2000, maxAmount: 5000)
            let rejectedTitles = Set(first.recommendations.map(\.title))
            let rejectedTier = try #require(first.recommendations.map { PriceTier(price: $0.priceCents, budget: budget) }.max())
            let second = try await client.recommendations.refresh(rejecting: first.recommendations.map(\.id), reason: .tooExpensive)
            #expect(second.rejectionReason == .tooExpensive)
            #expect(second.recommendations.count == 3, "\(second.recommendations.map(\.title))")
            for item in second.recommendations {
                #expect(!rejectedTitles.contains(item.title), "\(item.title) was rejected")
                #expect(PriceTier(price: item.priceCents, budget: budget) < rejectedTier, "\(item.title) at \(item.priceCents ?? -1)")
            }
            await #expect(throws: KnotError.invalid(field: "rejected_recommendation_ids", message: "Name at least one recommendation to replace")) {
                _ = try await client.recommendations.refresh(rejecting: [], reason: .showDifferent)
            }

            // For a milestone, and read back by milestone and by id.
            let valentine = try #require(vault.milestones.first { $0.milestoneName == "Valentine's Day" })
            let forValentine = try await client.recommendations.generate(occasion: .justBecause, milestoneID: valentine.id)
            #expect(forValentine.milestoneID == valentine.id)
            let byMilestone = try await client.recommendations.forMilestone(valentine.id)
            #expect(Set(byMilestone.recommendations.map(\.id)) == Set(forValentine.recommendations.map(\.id)))
            let kept = try #require(second.recommendations.first)
            #expect(try await client.recommendations.recommendation(kept.id).title == kept.title)

            // Saving tells the server and keeps a copy here; rating needs a rating.
            let saved = try await client.saved.save(kept)
            #expect(saved.id == kept.id && saved.priceCents == kept.priceCents)
            #expect(try await client.saved.all().map(\.id) == [kept.id])
            await #expect(throws: KnotError.invalid(field: "rating", message: "A rating is required for the 'rated' action")) {
                try await client.recommendations.feedback(kept.id, action: .rated)
            }
            let rated = try await client.recommendations.feedback(kept.id, action: .rated, rating: 5, text: "Perfect")
            #expect(rated.action == .rated && rated.recommendationID == kept.id)

            // Preferences and the device token.
            let preferences = try await client.notifications.preferences()
            #expect(preferences.notificationsEnabled && preferences.quietHoursStart == 22 && preferences.timezone == nil)
            let changed = try await client.notifications.updatePreferences(.init(quietHoursStart: 23, timezone: "Europe/Berlin"))
            #expect(changed.quietHoursStart == 23 && changed.quietHoursEnd == 8 && changed.timezone == "Europe/Berlin")
            await #expect(throws: KnotError.invalid(field: "timezone", message: "timezone must be a valid IANA time zone such as America/New_York")) {
                _ = try await client.notifications.updatePreferences(.init(timezone: "Mars/Olympus"))
            }
            #expect(try await client.account.registerDevice(token: "abc123").status == "registered")

            // The export is the server's document, byte for byte, and holds all of the above.
            let export = try JSONParser().parse(try await client.account.export())
            #expect(export["user"]?["email"] == "flow@example.com")
            #expect(export["vault"]?["partner_name"] == "Alex")
            #expect(export["hints"]?.arrayValue?.count == 2)
            #expect(export["recommendations"]?.arrayValue?.count == 9)
            let actions = export["feedback"]?.arrayValue?.compactMap { $0["action"]?.stringValue } ?? []
            #expect(actions.filter { $0 == "refreshed" }.count == 3 && actions.contains("saved") && actions.contains("rated"))

            // Deleting the account ends everything, here and there.
            let tokenBefore = try #require(try device.tokens.load()).accessToken
            let message = try await client.account.deleteAccount()
            #expect(message == "Account and all associated data have been permanently deleted.")
            #expect(try device.tokens.load() == nil)
            #expect(try await client.saved.all().isEmpty)
            let refused = try await server.request(.GET, "/api/v1/me", headers: [("Authorization", "Bearer \(tokenBefore)")])
            #expect(refused.status == 401)
            await #expect(throws: KnotError.auth(status: 400, code: "invalid_credentials", message: "Invalid login credentials")) {
                try await client.auth.signIn(email: "flow@example.com", password: F.password)
            }
        }
    }

    @Test func savedRecommendationsSurviveANewClientOnTheSameFiles() async throws {
        try await TestServer.knotKit(engine: .sqlite) { server in
            let device = try await F.signedUp("saved@example.com", on: server)
            defer { device.remove() }
            _ = try await device.client.vault.save(F.draft)
            let ideas = try await device.client.recommendations.generate()
            try await device.client.saved.save(ideas.recommendations[0])
            try await device.client.saved.save(id: ideas.recommendations[1].id)
            try await device.client.saved.save(ideas.recommendations[0])

            let store = JSONFileSavedRecommendationStore(path: device.directory + "/saved-recommendations.json")
            #expect(try store.load().map(\.id) == [ideas.recommendations[0].id, ideas.recommendations[1].id])
            try await device.client.saved.remove(ideas.recommendations[1].id)
            #expect(try store.load().map(\.id) == [ideas.recommendations[0].id])
        }
    }
}
