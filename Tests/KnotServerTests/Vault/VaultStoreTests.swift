import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

@testable import KnotServer

/// The vault's storage rules on both engines, without HTTP.
@Suite struct VaultStoreTests {
    typealias F = KnotAPIFixtures
    static let user = "00000000-0000-4000-8000-000000000001"

    @Test(arguments: TestEngine.available)
    func aSavedVaultReadsBackWithListsInTheSpecifiedOrder(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            try await F.insertUser(Self.user, email: "u@example.com", on: database)
            let store = VaultStore(database: database, clock: ManualWallClock())
            // Budgets sent in reverse tier order, love languages as given.
            let budgets = Array((F.vault["budgets"]?.arrayValue ?? []).reversed())
            let vaultID = try await store.create(userID: Self.user, input: try F.input(F.vault("budgets", .array(budgets))))
            let vault = try #require(try await store.load(userID: Self.user))
            #expect(vault.id == vaultID)
            #expect(vault.interests == ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"])
            #expect(vault.dislikes == ["Sports", "Comedy", "Movies", "Theater", "Dancing"])
            #expect(vault.vibes == ["romantic", "minimalist"])
            #expect(vault.budgets.map(\.occasionType) == ["just_because", "minor_occasion", "major_milestone"])
            #expect(vault.loveLanguages == [.init(language: "quality_time", priority: 1), .init(language: "receiving_gifts", priority: 2)])
            #expect(vault.milestones.map(\.content.milestoneName) == ["Alex's Birthday", "Valentine's Day"])
            #expect(vault.locationCountry == "US")
        }
    }

    @Test(arguments: TestEngine.available)
    func aSecondVaultForTheSameUserIsAConflictAndChangesNothing(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            try await F.insertUser(Self.user, email: "u@example.com", on: database)
            let store = VaultStore(database: database, clock: ManualWallClock())
            _ = try await store.create(userID: Self.user, input: try F.input())
            await #expect(throws: APIError.knotConflict(VaultStore.alreadyExists)) {
                _ = try await store.create(userID: Self.user, input: try F.input(F.vault("partner_name", "Sam")))
            }
            #expect(try await store.load(userID: Self.user)?.partnerName == "Alex")
            let count = try await database.read {
                try await $0.queryFirst("SELECT COUNT(*) AS n FROM knot_partner_interests", [])?.int("n")
            }
            #expect(count == 10)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateKeepsUnchangedMilestoneIdsAndReplacesChangedOnes(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            try await F.insertUser(Self.user, email: "u@example.com", on: database)
            let store = VaultStore(database: database, clock: ManualWallClock())
            let vaultID = try await store.create(userID: Self.user, input: try F.input())
            let before = try #require(try await store.load(userID: Self.user)).milestones
            // Rename the partner, move the holiday first and change the birthday's date.
            let body = F.vault("partner_name", "Alexandra").setting(
                "milestones",
                [
                    [
                        "milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14",
                        "recurrence": "yearly", "budget_tier": "major_milestone",
                    ],
                    ["milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "2000-03-21"],
                ])
            #expect(try await store.update(userID: Self.user, input: try F.input(body)) == vaultID)
            let after = try #require(try await store.load(userID: Self.user))
            #expect(after.partnerName == "Alexandra")
            #expect(after.milestones[0].id == before[1].id)
            #expect(after.milestones[1].id != before[0].id)
            #expect(after.milestones[1].content.milestoneDate.description == "2000-03-21")
            let rows = try await database.read {
                try await $0.queryFirst("SELECT COUNT(*) AS n FROM knot_partner_milestones", [])?.int("n")
            }
            #expect(rows == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func updatingWithoutAVaultIsNotFound(engine: TestEngine) async throws {
        try await F.withDatabase(engine) { database in
            try await F.insertUser(Self.user, email: "u@example.com", on: database)
            let store = VaultStore(database: database, clock: ManualWallClock())
            await #expect(throws: APIError.knotNotFound(VaultStore.noVault)) {
                _ = try await store.update(userID: Self.user, input: try F.input())
            }
        }
    }
}
