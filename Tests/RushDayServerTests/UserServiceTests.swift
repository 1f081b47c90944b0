import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Spec §4.1 and §6 cases 3–8 over a real gRPC connection.
@Suite struct UserServiceTests {
    @Test(arguments: TestEngine.available)
    func firstCallProvisionsTheUserFromTheTokenWithDefaults(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let first = try await rd.users.getCurrentUser(.init(), metadata: try await rd.auth(.ann))
            #expect(first.id == "user-a")
            #expect(first.name == "Ann")
            #expect(first.email == "ann@x.io")
            #expect(!first.hasAvatar)
            #expect(first.currency == "USD")
            #expect(!first.isPremium)
            let preferences = first.notificationPreferences
            #expect(preferences.time == "9:00")
            #expect(preferences.tasks && preferences.agenda && preferences.share && preferences.onTheDay)
            #expect(!preferences.weekBefore)
            rd.clock.advance(seconds: 60)
            let second = try await rd.users.getCurrentUser(.init(), metadata: try await rd.auth(.ann))
            #expect(second.createdAt == first.createdAt)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateUserAvatarSetsThenEmptyStringClearsAndNameStaysUnchanged(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let auth = try await rd.auth(.ann)
            var set = Rushday_V1_UpdateUserRequest()
            set.avatar = "https://x/a.png"
            let withAvatar = try await rd.users.updateUser(set, metadata: auth)
            #expect(withAvatar.avatar == "https://x/a.png")
            #expect(withAvatar.name == "Ann")
            var clear = Rushday_V1_UpdateUserRequest()
            clear.avatar = ""
            let cleared = try await rd.users.updateUser(clear, metadata: auth)
            #expect(!cleared.hasAvatar)
            #expect(cleared.name == "Ann")
        }
    }

    @Test(arguments: TestEngine.available)
    func updateUserValidatesPresentFieldsOnly(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let auth = try await rd.auth(.ann)
            var blank = Rushday_V1_UpdateUserRequest()
            blank.name = "   "
            let error = await rpcError { _ = try await rd.users.updateUser(blank, metadata: auth) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("name:") == true)
            var badCurrency = Rushday_V1_UpdateUserRequest()
            badCurrency.currency = "usd"
            #expect(await rpcCode { _ = try await rd.users.updateUser(badCurrency, metadata: auth) } == .invalidArgument)
            var badAvatar = Rushday_V1_UpdateUserRequest()
            badAvatar.avatar = "ftp://x/a.png"
            #expect(await rpcCode { _ = try await rd.users.updateUser(badAvatar, metadata: auth) } == .invalidArgument)
            var rename = Rushday_V1_UpdateUserRequest()
            rename.name = "  Annie "
            rename.currency = "EUR"
            let renamed = try await rd.users.updateUser(rename, metadata: auth)
            #expect(renamed.name == "Annie")
            #expect(renamed.currency == "EUR")
        }
    }

    @Test(arguments: TestEngine.available)
    func notificationTimeIsStoredWithoutLeadingZeroAndInvalidTimeChangesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let auth = try await rd.auth(.ann)
            var request = Rushday_V1_UpdateNotificationPreferencesRequest()
            request.time = "09:30"
            request.tasks = false
            request.share = true
            request.weekBefore = true
            let stored = try await rd.users.updateNotificationPreferences(request, metadata: auth)
            #expect(stored.notificationPreferences.time == "9:30")
            #expect(!stored.notificationPreferences.tasks)
            #expect(stored.notificationPreferences.weekBefore)
            request.time = "24:00"
            request.tasks = true
            #expect(await rpcCode { _ = try await rd.users.updateNotificationPreferences(request, metadata: auth) } == .invalidArgument)
            let after = try await rd.users.getCurrentUser(.init(), metadata: auth)
            #expect(after.notificationPreferences == stored.notificationPreferences)
        }
    }

    @Test(arguments: TestEngine.available)
    func registeringAnotherUsersDeviceTokenMovesItAndOffsetsAreBounded(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            var request = Rushday_V1_RegisterDeviceRequest()
            request.fcmToken = "token-T"
            request.timezoneOffset = 60
            _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(.ann))
            request.platform = "Android"
            _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(.bob))
            let store = UserStore(database: rd.database, clock: rd.clock)
            #expect(try await store.deviceTokens(of: "user-a").isEmpty)
            #expect(try await store.deviceTokens(of: "user-b") == ["token-T"])
            request.timezoneOffset = 900
            #expect(await rpcCode { _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(.bob)) } == .invalidArgument)
            request.timezoneOffset = 0
            request.platform = "watch"
            #expect(await rpcCode { _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(.bob)) } == .invalidArgument)
            request.platform = ""
            request.fcmToken = ""
            #expect(await rpcCode { _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(.bob)) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func migrateUserDataRunsOnceThenReportsAlreadyMigrated(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            var request = Rushday_V1_MigrateUserDataRequest()
            request.appVersion = "3.0"
            let first = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann))
            #expect(first.success)
            #expect(!first.alreadyMigrated)
            #expect(first.message == "No legacy data to migrate")
            #expect(first.stats == Rushday_V1_MigrationStats())
            let second = try await rd.users.migrateUserData(request, metadata: try await rd.auth(.ann))
            #expect(second.success)
            #expect(second.alreadyMigrated)
            #expect(second.message == "Already migrated")
        }
    }

    @Test(arguments: TestEngine.available)
    func deleteUserRemovesOwnedEventsAndCoHostEntriesThenReprovisionsAnEmptyAccount(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let eventE = try await rd.createEvent(.ann)
            try await rd.addCoHost(.cid, to: eventE)
            let bobsEvent = try await rd.createEvent(.bob, name: "Bob's party")
            try await rd.addCoHost(.ann, to: bobsEvent)
            var migrate = Rushday_V1_MigrateUserDataRequest()
            migrate.appVersion = "3.0"
            _ = try await rd.users.migrateUserData(migrate, metadata: try await rd.auth(.ann))

            let deleted = try await rd.users.deleteUser(.init(), metadata: try await rd.auth(.ann))
            #expect(deleted.success)
            #expect(deleted.eventsDeleted == 1)
            #expect(rd.notifications.recipients(of: "event_deleted", eventID: eventE.id) == ["user-c"])
            #expect(await rpcCode { _ = try await rd.getEvent(.cid, eventE.id) } == .notFound)
            let bobsView = try await rd.getEvent(.bob, bobsEvent.id)
            #expect(!bobsView.shared.contains { $0.userID == "user-a" })

            rd.clock.advance(seconds: 5)
            let again = try await rd.users.getCurrentUser(.init(), metadata: try await rd.auth(.ann))
            #expect(again.createdAt.seconds == rd.clock.now.millisecondsSince1970 / 1000)
            #expect(try await rd.listEvents(.ann).events.isEmpty)
            let migration = try await rd.users.migrateUserData(migrate, metadata: try await rd.auth(.ann))
            #expect(!migration.alreadyMigrated)
        }
    }
}
