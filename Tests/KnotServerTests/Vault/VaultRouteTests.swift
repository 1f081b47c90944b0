import HearthCore
import HearthTesting
import Testing
import KnotRules

@testable import KnotServer

/// `/api/v1/vault` over HTTP on both engines (spec §5.2, §13 cases 1–8).
@Suite struct VaultRouteTests {
    typealias F = KnotAPIFixtures

    // Case 1.
    @Test(arguments: TestEngine.available)
    func creatingTheExampleVaultAnswersCountsAndReadsBackInOrder(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("alex@example.com")
            let created = try await server.api(user, .POST, "/api/v1/vault", F.vault)
            #expect(created.status == 201)
            let vaultID = try #require(created.json["vault_id"]?.stringValue)
            #expect(
                created.json == [
                    "vault_id": .string(vaultID), "partner_name": "Alex", "interests_count": 5, "dislikes_count": 5, "milestones_count": 2,
                    "vibes_count": 2, "budgets_count": 3, "love_languages": ["primary": "quality_time", "secondary": "receiving_gifts"],
                ])
            let read = try await server.api(user, .GET, "/api/v1/vault")
            #expect(read.status == 200)
            let vault = read.json
            #expect(vault["vault_id"]?.stringValue == vaultID)
            #expect(vault["relationship_tenure_months"] == 30)
            #expect(vault["location_country"] == "US")
            #expect(vault["interests"] == ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"])
            #expect(vault["dislikes"] == ["Sports", "Comedy", "Movies", "Theater", "Dancing"])
            #expect(vault["vibes"] == ["romantic", "minimalist"])
            let milestones = try #require(vault["milestones"]?.arrayValue)
            #expect(milestones.map { $0["milestone_name"] } == ["Alex's Birthday", "Valentine's Day"])
            #expect(milestones.map { $0["budget_tier"] } == ["major_milestone", "major_milestone"])
            #expect(milestones.allSatisfy { $0["id"]?.stringValue.map { UUIDText.isValid($0) } == true })
            #expect(milestones[0]["milestone_date"] == "2000-03-20")
            #expect(vault["budgets"]?.arrayValue?.map { $0["occasion_type"] } == ["just_because", "minor_occasion", "major_milestone"])
            #expect(
                vault["love_languages"] == [["language": "quality_time", "priority": 1], ["language": "receiving_gifts", "priority": 2]])
        }
    }

    // Case 2.
    @Test(arguments: TestEngine.available)
    func aHolidayWithoutATierGetsMinorOccasionAndACustomOneIsRefused(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("tiers@example.com")
            let custom = F.vault(
                "milestones",
                [
                    ["milestone_type": "birthday", "milestone_name": "B", "milestone_date": "2000-03-20", "recurrence": "yearly"],
                    ["milestone_type": "custom", "milestone_name": "Trip", "milestone_date": "2026-05-01", "recurrence": "one_time"],
                ])
            let refused = try await server.api(user, .POST, "/api/v1/vault", custom)
            #expect(refused.status == 422)
            #expect(refused.json["detail"]?[0]?["loc"] == ["body", "milestones", 1, "budget_tier"])
            #expect(try await server.count("knot_partner_vaults") == 0)

            _ = try await server.createVault(user, F.vault(milestone: 1, "budget_tier", .null))
            let read = try await server.api(user, .GET, "/api/v1/vault")
            #expect(read.json["milestones"]?.arrayValue?.map { $0["budget_tier"] } == ["major_milestone", "minor_occasion"])
        }
    }

    // Case 3.
    @Test(arguments: TestEngine.available)
    func aSecondVaultIsAConflictAndAbsentVaultsAreNotFound(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("twice@example.com")
            let fresh = try await server.signUp("fresh@example.com")
            _ = try await server.createVault(user)
            let again = try await server.api(user, .POST, "/api/v1/vault", F.vault)
            #expect(again.status == 409)
            #expect(again.json == ["detail": "A partner vault already exists for this user. Use PUT to update."])
            let put = try await server.api(fresh, .PUT, "/api/v1/vault", F.vault)
            #expect(put.status == 404)
            let get = try await server.api(fresh, .GET, "/api/v1/vault")
            #expect(get.status == 404)
            #expect(get.json == ["detail": "No partner vault found. Complete onboarding first."])
        }
    }

    // Cases 4–7, and every other rule of §5.2: the field is named and nothing is stored.
    @Test(arguments: TestEngine.available)
    func everyInvalidBodyIsA422NamingTheFieldAndStoresNothing(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("invalid@example.com")
            for testCase in VaultInputTests.invalid {
                let response = try await server.api(user, .POST, "/api/v1/vault", testCase.body)
                #expect(response.status == 422, "\(testCase.description)")
                let location = response.json["detail"]?[0]?["loc"]
                #expect(location == .array(["body"] + FastAPIErrorFormat.location(testCase.field)), "\(testCase.description)")
                #expect(response.json["detail"]?[0]?["type"] == "value_error")
            }
            for table in [
                "knot_partner_vaults", "knot_partner_interests", "knot_partner_milestones", "knot_partner_vibes", "knot_partner_budgets",
                "knot_partner_love_languages",
            ] {
                #expect(try await server.count(table) == 0, "\(table)")
            }
        }
    }

    // Case 5, last part.
    @Test(arguments: TestEngine.available)
    func allEightVibesAreStored(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("vibes@example.com")
            _ = try await server.createVault(user, F.vault("vibes", .array(KnotVaultRules.vibes.map(JSONValue.string))))
            #expect(try await server.api(user, .GET, "/api/v1/vault").json["vibes"] == .array(KnotVaultRules.vibes.map(JSONValue.string)))
        }
    }

    // Case 8.
    @Test(arguments: TestEngine.available)
    func puttingOnlyANewNameKeepsTheVaultAndMilestoneIds(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("rename@example.com")
            let vaultID = try await server.createVault(user)
            let before = try await server.api(user, .GET, "/api/v1/vault").json["milestones"]?.arrayValue?.map { $0["id"] }
            let updated = try await server.api(user, .PUT, "/api/v1/vault", F.vault("partner_name", "Alexandra"))
            #expect(updated.status == 200)
            #expect(updated.json["vault_id"]?.stringValue == vaultID)
            #expect(updated.json["partner_name"] == "Alexandra")
            let after = try await server.api(user, .GET, "/api/v1/vault").json
            #expect(after["partner_name"] == "Alexandra")
            #expect(after["milestones"]?.arrayValue?.map { $0["id"] } == before)
            #expect(before?.count == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func putReplacesListsAndLeavesOnlyTheNewContent(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("replace@example.com")
            _ = try await server.createVault(user)
            let body = F.vault("interests", ["Wine", "Coffee", "Yoga", "Art", "Pets"])
                .setting("vibes", ["vintage"])
                .setting("love_languages", ["primary": "physical_touch", "secondary": "acts_of_service"])
            #expect(try await server.api(user, .PUT, "/api/v1/vault", body).status == 200)
            let vault = try await server.api(user, .GET, "/api/v1/vault").json
            #expect(vault["interests"] == ["Wine", "Coffee", "Yoga", "Art", "Pets"])
            #expect(vault["vibes"] == ["vintage"])
            #expect(
                vault["love_languages"] == [
                    ["language": "physical_touch", "priority": 1], ["language": "acts_of_service", "priority": 2],
                ])
            #expect(try await server.count("knot_partner_interests") == 10)
            #expect(try await server.count("knot_partner_vibes") == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func authenticationIsCheckedBeforeValidationAndBadJSONIsA422(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let anonymous = try await server.api(nil, .POST, "/api/v1/vault", ["partner_name": 5])
            #expect(anonymous.status == 401)
            let user = try await server.signUp("json@example.com")
            let broken = try await server.request(
                .POST, "/api/v1/vault", headers: [("Authorization", "Bearer \(user.accessToken)")], body: Array("{not json".utf8))
            #expect(broken.status == 422)
            let array = try await server.api(user, .POST, "/api/v1/vault", [1, 2])
            #expect(array.status == 422)
            let huge = try await server.api(
                user, .POST, "/api/v1/vault", F.vault("partner_name", .string(String(repeating: "x", count: 70_000))))
            #expect(huge.status == 413)
        }
    }
}
