import HearthCore
import HearthTesting
import Hummingbird
import Testing

@testable import KnotServer

/// `/api/v1/recommendations` over HTTP on both engines (spec §5.4–§5.5), with the stub
/// catalogue, no integrations and every URL taken as available.
@Suite struct RecommendationRoutesTests {
    static let itemKeys: Set<String> = [
        "id", "recommendation_type", "title", "description", "price_cents", "currency", "external_url", "image_url", "merchant_name",
        "source", "location", "interest_score", "vibe_score", "love_language_score", "final_score",
    ]
    static let storedItemKeys: Set<String> = [
        "id", "recommendation_type", "title", "description", "external_url", "price_cents", "merchant_name", "image_url", "created_at",
    ]

    /// The id of the vault milestone named `name`.
    static func milestoneID(_ server: TestServer, _ user: KnotTestUser, named name: String) async throws -> String {
        let vault = try await server.api(user, .GET, "/api/v1/vault")
        let milestone = vault.json["milestones"]?.arrayValue?.first { $0["milestone_name"]?.stringValue == name }
        return try #require(milestone?["id"]?.stringValue)
    }

    static func generate(_ server: TestServer, _ user: KnotTestUser, _ body: JSONValue) async throws -> [JSONValue] {
        let response = try await server.api(user, .POST, "/api/v1/recommendations/generate", body)
        #expect(response.status == 200, "\(response.text.prefix(300))")
        return response.json["recommendations"]?.arrayValue ?? []
    }

    @Test(arguments: TestEngine.available)
    func generateReturnsThreeStoredItemsThatReadBackOnlyForTheirOwner(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("generate@example.com")
            let noVault = try await server.api(user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "just_because"])
            #expect(noVault.status == 404)
            #expect(noVault.json == ["detail": "No partner vault found. Complete onboarding first."])

            let vaultID = try await server.createVault(user)
            let hint = try #require(try await server.addHint(user, "She keeps talking about a cooking class")["id"]?.stringValue)

            // Validation first, in FastAPI's shape.
            for body in [[:], ["occasion_type": "birthday"], ["occasion_type": 3]] as [JSONValue] {
                let invalid = try await server.api(user, .POST, "/api/v1/recommendations/generate", body)
                #expect(invalid.status == 422, "\(body)")
                #expect(invalid.json["detail"]?[0]?["loc"] == ["body", "occasion_type"], "\(body)")
            }
            let unknownMilestone = try await server.api(
                user, .POST, "/api/v1/recommendations/generate",
                ["occasion_type": "just_because", "milestone_id": "00000000-0000-4000-8000-000000000000"])
            #expect(unknownMilestone.status == 404)
            #expect(unknownMilestone.json == ["detail": "Milestone not found"])
            #expect(try await server.count("knot_recommendations") == 0)

            let response = try await server.api(user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "just_because"])
            #expect(response.status == 200, "\(response.text.prefix(300))")
            #expect(response.json["count"] == 3)
            #expect(response.json["milestone_id"] == .null)
            #expect(response.json["occasion_type"] == "just_because")
            let items = try #require(response.json["recommendations"]?.arrayValue)
            #expect(items.count == 3)
            for item in items {
                #expect(Set(item.objectValue?.keys.map { $0 } ?? []) == Self.itemKeys)
                #expect(item["id"]?.stringValue.map { UUIDText.isValid($0) } == true)
                #expect(["gift", "experience", "date"].contains(item["recommendation_type"]?.stringValue ?? ""))
                #expect(item["external_url"]?.stringValue?.hasPrefix("https://") == true)
                #expect(item["currency"] == "USD")
                #expect(item["final_score"]?.doubleValue.map { $0 >= 1.0 } == true)
                // Inside the just_because budget (2000–5000).
                if let price = item["price_cents"]?.intValue { #expect((2000...5000).contains(price)) }
            }
            let ids = items.compactMap { $0["id"]?.stringValue }
            #expect(Set(ids).count == 3)
            #expect(try await server.count("knot_recommendations", where: "vault_id = ? AND milestone_id IS NULL", [vaultID]) == 3)
            // Only the Tier-1 search provider reads hints; stub results leave them unused.
            #expect(try await server.count("knot_hints", where: "id = ? AND is_used = 0", [hint]) == 1)

            // By id: the stored row, in the MilestoneRecommendationItem shape.
            for item in items {
                let id = try #require(item["id"]?.stringValue)
                let stored = try await server.api(user, .GET, "/api/v1/recommendations/\(id)")
                #expect(stored.status == 200)
                #expect(Set(stored.json.objectValue?.keys.map { $0 } ?? []) == Self.storedItemKeys)
                for key in ["id", "recommendation_type", "title", "description", "external_url", "price_cents", "merchant_name", "image_url"] {
                    #expect(stored.json[key] == item[key], "\(key)")
                }
                #expect(stored.json["created_at"]?.stringValue?.hasSuffix("+00:00") == true)
            }

            // For a milestone: stored with it, and read back by it.
            let valentine = try await Self.milestoneID(server, user, named: "Valentine's Day")
            let forMilestone = try await server.api(
                user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "major_milestone", "milestone_id": .string(valentine)])
            #expect(forMilestone.status == 200)
            #expect(forMilestone.json["milestone_id"] == .string(valentine))
            let milestoneIDs = Set(forMilestone.json["recommendations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
            #expect(milestoneIDs.count == 3)
            let byMilestone = try await server.api(user, .GET, "/api/v1/recommendations/by-milestone/\(valentine)")
            #expect(byMilestone.status == 200)
            #expect(byMilestone.json["count"] == 3)
            #expect(byMilestone.json["milestone_id"] == .string(valentine))
            #expect(Set(byMilestone.json["recommendations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []) == milestoneIDs)
            let unknown = try await server.api(user, .GET, "/api/v1/recommendations/by-milestone/00000000-0000-4000-8000-000000000000")
            #expect(unknown.status == 200)
            #expect(unknown.json["count"] == 0)

            // Another user sees none of it.
            let other = try await server.signUp("other@example.com")
            #expect(try await server.api(other, .GET, "/api/v1/recommendations/\(ids[0])").status == 404)
            _ = try await server.createVault(other)
            let stolen = try await server.api(other, .GET, "/api/v1/recommendations/\(ids[0])")
            #expect(stolen.status == 404)
            #expect(stolen.json == ["detail": "Recommendation not found"])
            let otherMilestone = try await server.api(other, .GET, "/api/v1/recommendations/by-milestone/\(valentine)")
            #expect(otherMilestone.json["count"] == 0)
            #expect(try await server.api(user, .GET, "/api/v1/recommendations/not-a-uuid").status == 404)
            #expect(try await server.api(nil, .GET, "/api/v1/recommendations/\(ids[0])").status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshAvoidsTheRejectedAndRecordsRefreshedFeedback(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("refresh@example.com")
            // Valentine's Day on the just_because budget, where the stub catalogue has plenty
            // to choose from (only three entries fit major_milestone).
            _ = try await server.createVault(user, KnotAPIFixtures.vault(milestone: 1, "budget_tier", "just_because"))
            let valentine = try await Self.milestoneID(server, user, named: "Valentine's Day")
            let first = try await Self.generate(
                server, user, ["occasion_type": "just_because", "milestone_id": .string(valentine)])
            let rejectedIDs = first.compactMap { $0["id"]?.stringValue }
            let rejectedTitles = Set(first.compactMap { $0["title"]?.stringValue })
            #expect(rejectedIDs.count == 3)

            for (body, field) in [
                (["rejected_recommendation_ids": [], "rejection_reason": "too_expensive"], "rejected_recommendation_ids"),
                (["rejection_reason": "too_expensive"], "rejected_recommendation_ids"),
                (["rejected_recommendation_ids": .array(rejectedIDs.map(JSONValue.string)), "rejection_reason": "boring"], "rejection_reason"),
            ] as [(JSONValue, String)] {
                let invalid = try await server.api(user, .POST, "/api/v1/recommendations/refresh", body)
                #expect(invalid.status == 422, "\(body)")
                #expect(invalid.json["detail"]?[0]?["loc"] == ["body", .string(field)], "\(body)")
            }
            let other = try await server.signUp("other-refresh@example.com")
            _ = try await server.createVault(other)
            let stolen = try await server.api(
                other, .POST, "/api/v1/recommendations/refresh",
                ["rejected_recommendation_ids": .array(rejectedIDs.map(JSONValue.string)), "rejection_reason": "show_different"])
            #expect(stolen.status == 404)
            #expect(stolen.json == ["detail": "No recommendations found for the given IDs"])
            #expect(try await server.count("knot_recommendation_feedback") == 0)

            let response = try await server.api(
                user, .POST, "/api/v1/recommendations/refresh",
                ["rejected_recommendation_ids": .array(rejectedIDs.map(JSONValue.string)), "rejection_reason": "too_expensive"])
            #expect(response.status == 200, "\(response.text.prefix(300))")
            #expect(response.json["rejection_reason"] == "too_expensive")
            let items = try #require(response.json["recommendations"]?.arrayValue)
            #expect(!items.isEmpty)
            #expect(response.json["count"] == .int(Int64(items.count)))
            for item in items {
                #expect(Set(item.objectValue?.keys.map { $0 } ?? []) == Self.itemKeys)
                #expect(!rejectedTitles.contains(item["title"]?.stringValue ?? ""), "\(item["title"] ?? .null) was rejected")
                #expect(!rejectedIDs.contains(item["id"]?.stringValue ?? ""))
            }
            for id in rejectedIDs {
                #expect(
                    try await server.count(
                        "knot_recommendation_feedback",
                        where: "recommendation_id = ? AND user_id = ? AND action = 'refreshed' AND feedback_text = 'too_expensive' AND rating IS NULL",
                        [id, user.userID]) == 1)
            }
            // The context came from the rejected rows: the new ones belong to the same milestone.
            #expect(try await server.count("knot_recommendations", where: "milestone_id = ?", [valentine]) == Int64(3 + items.count))

            // Rejecting everything that fits: the engine is left with nothing, a 500 with its error.
            let birthday = try await Self.milestoneID(server, user, named: "Alex's Birthday")
            let major = try await Self.generate(server, user, ["occasion_type": "major_milestone", "milestone_id": .string(birthday)])
            #expect(major.count == 3)
            let exhausted = try await server.api(
                user, .POST, "/api/v1/recommendations/refresh",
                ["rejected_recommendation_ids": .array(major.compactMap { $0["id"] }), "rejection_reason": "show_different"])
            #expect(exhausted.status == 500)
            #expect(exhausted.json == ["detail": .string(RefreshExclusion.everythingExcludedError)])
            #expect(try await server.count("knot_recommendations", where: "milestone_id = ?", [birthday]) == 3)
        }
    }

    @Test(arguments: TestEngine.available)
    func feedbackIsValidatedAndScopedToTheCaller(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("feedback@example.com")
            _ = try await server.createVault(user)
            let id = try #require(try await Self.generate(server, user, ["occasion_type": "minor_occasion"]).first?["id"]?.stringValue)
            let path = "/api/v1/recommendations/feedback"

            #expect(try await server.api(nil, .POST, path, ["recommendation_id": .string(id), "action": "clicked"]).status == 401)
            for (body, field) in [
                (["recommendation_id": .string(id), "action": "clicked"], "action"),
                (["recommendation_id": .string(id)], "action"),
                (["recommendation_id": .string(id), "action": "rated"], "rating"),
                (["recommendation_id": .string(id), "action": "rated", "rating": 6], "rating"),
                (["recommendation_id": .string(id), "action": "saved", "rating": 0], "rating"),
                (["action": "saved"], "recommendation_id"),
                (["recommendation_id": .string(id), "action": "saved", "feedback_text": .string(String(repeating: "x", count: 2001))], "feedback_text"),
            ] as [(JSONValue, String)] {
                let invalid = try await server.api(user, .POST, path, body)
                #expect(invalid.status == 422, "\(body)")
                #expect(invalid.json["detail"]?[0]?["loc"] == ["body", .string(field)], "\(body)")
            }

            let other = try await server.signUp("other-feedback@example.com")
            _ = try await server.createVault(other)
            let stolen = try await server.api(other, .POST, path, ["recommendation_id": .string(id), "action": "selected"])
            #expect(stolen.status == 404)
            #expect(stolen.json == ["detail": "Recommendation not found"])
            #expect(try await server.api(user, .POST, path, ["recommendation_id": "nope", "action": "selected"]).status == 404)
            #expect(try await server.count("knot_recommendation_feedback") == 0)

            let rated = try await server.api(
                user, .POST, path, ["recommendation_id": .string(id.uppercased()), "action": "rated", "rating": 5, "feedback_text": " Loved it "])
            #expect(rated.status == 201)
            #expect(rated.json["recommendation_id"] == .string(id))
            #expect(rated.json["action"] == "rated")
            #expect(rated.json["rating"] == 5)
            #expect(rated.json["feedback_text"] == "Loved it")
            #expect(rated.json["id"]?.stringValue.map { UUIDText.isValid($0) } == true)
            #expect(rated.json["created_at"]?.stringValue?.hasSuffix("+00:00") == true)
            #expect(try await server.api(user, .POST, path, ["recommendation_id": .string(id), "action": "purchased"]).status == 201)
            #expect(try await server.count("knot_recommendation_feedback", where: "recommendation_id = ? AND user_id = ?", [id, user.userID]) == 2)

            // The export lists the account's recommendations and feedback, and nobody else's.
            let export = try await server.api(user, .GET, "/api/v1/users/me/export").json
            #expect(export["recommendations"]?.arrayValue?.count == 3)
            #expect(export["recommendations"]?.arrayValue?.contains { $0["id"] == .string(id) } == true)
            #expect(export["recommendations"]?[0]?["final_score"] == nil, "scores stay out of the export")
            #expect(export["feedback"]?.arrayValue?.map { $0["action"] } == ["rated", "purchased"])
            #expect(export["feedback"]?[0]?["rating"] == 5)
            let othersExport = try await server.api(other, .GET, "/api/v1/users/me/export").json
            #expect(othersExport["recommendations"] == [] && othersExport["feedback"] == [])
        }
    }

    @Test(arguments: TestEngine.available)
    func milestoneRemovalKeepsRecommendationsAndAccountDeletionRemovesThem(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("cascade@example.com")
            let other = try await server.signUp("bystander@example.com")
            _ = try await server.createVault(user)
            _ = try await server.createVault(other)
            let valentine = try await Self.milestoneID(server, user, named: "Valentine's Day")
            let ids = try await Self.generate(server, user, ["occasion_type": "major_milestone", "milestone_id": .string(valentine)])
                .compactMap { $0["id"]?.stringValue }
            let kept = try #require(try await Self.generate(server, other, ["occasion_type": "just_because"]).first?["id"]?.stringValue)
            #expect(try await server.api(user, .POST, "/api/v1/recommendations/feedback", ["recommendation_id": .string(ids[0]), "action": "saved"]).status == 201)
            #expect(try await server.api(other, .POST, "/api/v1/recommendations/feedback", ["recommendation_id": .string(kept), "action": "saved"]).status == 201)

            // Removing the milestone from the vault keeps the history, without its milestone.
            let milestones = KnotAPIFixtures.vault["milestones"]?.arrayValue ?? []
            let update = try await server.api(user, .PUT, "/api/v1/vault", KnotAPIFixtures.vault("milestones", .array(Array(milestones.prefix(1)))))
            #expect(update.status == 200)
            #expect(try await server.count("knot_recommendations", where: "milestone_id = ?", [valentine]) == 0)
            #expect(try await server.api(user, .GET, "/api/v1/recommendations/\(ids[0])").status == 200)

            #expect(try await server.api(user, .DELETE, "/api/v1/users/me").status == 200)
            for id in ids {
                #expect(try await server.count("knot_recommendations", where: "id = ?", [id]) == 0)
                #expect(try await server.count("knot_recommendation_feedback", where: "recommendation_id = ?", [id]) == 0)
            }
            #expect(try await server.count("knot_recommendation_feedback", where: "user_id = ?", [user.userID]) == 0)
            #expect(try await server.count("knot_recommendations", where: "id = ?", [kept]) == 1)
            #expect(try await server.count("knot_recommendation_feedback", where: "user_id = ?", [other.userID]) == 1)
        }
    }
}
