import Foundation
import HearthCore
import HearthTesting
import Testing

/// Households, invites and joining (spec §2.2 hardened by W7, W8, W16).
@Suite struct HouseholdSharingTests {
    @Test(arguments: TestEngine.available)
    func aHouseholdWithoutANameIsNamedAfterItsOwner(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let jane = try await pantry.register("jane.doe@example.com")
            let created = try await pantry.call(jane, .POST, "/api/household", [:])
            #expect(created.status == 201)
            #expect(created.json["name"] == "Doe Household")
            #expect(created.json["isPremium"] == false)
            let again = try await pantry.call(jane, .POST, "/api/household", ["name": "Second"])
            #expect(again.json == ["error": "User already belongs to a household"])
            let kim = try await pantry.register("kim@example.com", last: "Park")
            #expect(try await pantry.call(kim, .POST, "/api/household", ["name": "  "]).json["name"] == "Park Household")
        }
    }

    @Test(arguments: TestEngine.available)
    func invitingNeedsActivePremiumNotJustTheFlag(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let free = try await pantry.call(owner, .POST, "/api/household/invite")
            #expect(free.status == 403)
            #expect(free.json == ["error": "Household sharing is a Premium feature", "code": "PREMIUM_REQUIRED", "upgradeRequired": "true"])
            try await pantry.setPremium(try #require(owner.householdID), true, expiresAt: clock.now.adding(seconds: 60).iso8601)
            let invite = try await pantry.call(owner, .POST, "/api/household/invite")
            #expect(invite.status == 200)
            let code = try #require(invite.json["code"]?.stringValue)
            #expect(code.count == 6 && code.allSatisfy { "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".contains($0) })
            #expect(invite.json["householdName"] == "Home")
            clock.advance(seconds: 61)
            #expect(try await pantry.call(owner, .POST, "/api/household/invite").json["code"] == "PREMIUM_REQUIRED")
        }
    }

    @Test(arguments: TestEngine.available)
    func anInviteLivesExactlyTwentyFourHoursAndIsUsedOnce(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let code = try #require(try await pantry.call(owner, .POST, "/api/household/invite").json["code"]?.stringValue)
            let late = try await pantry.register("late@example.com")
            let friend = try await pantry.register("friend@example.com")
            let preview = try await pantry.call(friend, .GET, "/api/household/invite/\(code.lowercased())")
            #expect(preview.json["valid"] == true)
            #expect(preview.json["memberCount"] == 1)
            #expect(try await pantry.call(nil, .GET, "/api/household/invite/\(code)").status == 401, "previews need a signed-in user")
            clock.advance(milliseconds: 24 * 3_600_000 - 1)
            try await pantry.expect(pantry.call(friend, .POST, "/api/household/join", ["code": .string(code)]), 200)
            let reused = try await pantry.call(late, .POST, "/api/household/join", ["code": .string(code)])
            #expect(reused.status == 404)
            #expect(reused.json == ["error": "Invalid or expired invite code", "code": "INVITE_INVALID"])
            let second = try #require(try await pantry.call(owner, .POST, "/api/household/invite").json["code"]?.stringValue)
            clock.advance(milliseconds: 24 * 3_600_000)
            #expect(try await pantry.call(late, .POST, "/api/household/join", ["code": .string(second)]).json["code"] == "INVITE_INVALID")
            let members = try await pantry.call(owner, .GET, "/api/household/members").json["members"]?.arrayValue ?? []
            #expect(members.map { $0["email"] } == ["owner@example.com", "friend@example.com"])
            #expect(members.map { $0["isOwner"] } == [true, false])
        }
    }

    @Test(arguments: TestEngine.available)
    func joinErrorsSayWhatWentWrong(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let householdID = try #require(owner.householdID)
            for index in 1..<8 { _ = try await pantry.member("m\(index)@example.com", joining: owner) }
            let code = try #require(try await pantry.call(owner, .POST, "/api/household/invite").json["code"]?.stringValue)
            let ninth = try await pantry.register("ninth@example.com")
            let full = try await pantry.call(ninth, .POST, "/api/household/join", ["code": .string(code)])
            #expect(full.status == 403)
            #expect(full.json == ["error": "This household has reached the maximum of 8 members", "code": "MEMBER_LIMIT_REACHED"])
            #expect(try await pantry.call(ninth, .POST, "/api/household/join", [:]).json == ["error": "Invite code is required"])
            try await pantry.setPremium(householdID, false)
            let lapsed = try await pantry.call(owner, .POST, "/api/household/join", ["code": .string(code)])
            #expect(lapsed.status == 200, "joining one's own household is a no-op")
            let other = try await pantry.owner("other@example.com")
            try await pantry.setPremium(householdID, true)
            let fresh = try #require(try await pantry.call(owner, .POST, "/api/household/invite").json["code"]?.stringValue)
            try await pantry.setPremium(householdID, false)
            let refused = try await pantry.call(other, .POST, "/api/household/join", ["code": .string(fresh)])
            #expect(refused.json["code"] == "PREMIUM_REQUIRED")
        }
    }

    @Test(arguments: TestEngine.available)
    func aWriteMadeForTheOldHouseholdNeverLandsInTheNewOne(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            var mover = try await pantry.owner("mover@example.com")
            let old = try #require(mover.householdID)
            let code = try #require(try await pantry.call(owner, .POST, "/api/household/invite").json["code"]?.stringValue)
            try await pantry.expect(pantry.call(mover, .POST, "/api/household/join", ["code": .string(code)]), 200)
            mover.householdID = owner.householdID
            let queued = try await pantry.call(mover, .POST, "/api/grocery", ["name": "Eggs"], headers: [("X-Household-Id", old)])
            #expect(queued.status == 409 && queued.json["code"] == "HOUSEHOLD_CHANGED")
            #expect(try await pantry.call(owner, .GET, "/api/grocery").json == [])
            let current = try await pantry.call(mover, .POST, "/api/grocery", ["name": "Eggs"], headers: [("X-Household-Id", owner.householdID ?? "")])
            #expect(current.status == 201)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDepartingOwnerHandsTheHouseholdToTheEarliestMember(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let first = try await pantry.member("first@example.com", joining: owner)
            _ = try await pantry.member("second@example.com", joining: owner)
            let elsewhere = try await pantry.owner("elsewhere@example.com", premium: true)
            let code = try #require(try await pantry.call(elsewhere, .POST, "/api/household/invite").json["code"]?.stringValue)
            try await pantry.expect(pantry.call(owner, .POST, "/api/household/join", ["code": .string(code)]), 200)
            let members = try await pantry.call(first, .GET, "/api/household/members").json["members"]?.arrayValue ?? []
            #expect(members.first { $0["isOwner"] == true }?["email"] == "first@example.com")
            #expect(try await pantry.call(owner, .GET, "/api/auth/me").json["user"]?["householdId"] == elsewhere.householdID.map(JSONValue.string))
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyTheOwnerWipesAndOtherDevicesLearnEveryDeletion(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let member = try await pantry.member("member@example.com", joining: owner)
            let milk = try await pantry.product(owner, "Milk")
            let item = try #require(try await pantry.stock(owner, product: milk, at: pantry.location(owner, "Fridge")).json["id"]?.stringValue)
            let cursor = try #require(try await pantry.call(member, .GET, "/api/sync/changes?cursor=0").json["cursor"]?.intValue)
            let refused = try await pantry.call(member, .DELETE, "/api/household/data")
            #expect(refused.json == ["error": "Only the household owner can delete household data", "code": "OWNER_REQUIRED"])
            try await pantry.expect(pantry.call(owner, .DELETE, "/api/household/data"), 200)
            #expect(try await pantry.call(member, .GET, "/api/inventory").json == [])
            let changes = try await pantry.call(member, .GET, "/api/sync/changes?cursor=\(cursor)").json["changes"]?.arrayValue ?? []
            let deleted = Set(changes.filter { $0["action"] == "delete" }.compactMap { $0["entity_id"]?.stringValue })
            #expect(deleted.contains(item) && deleted.contains(milk))
            #expect(changes.filter { $0["entity_type"] == "location" && $0["action"] == "delete" }.count == 7)
        }
    }
}
