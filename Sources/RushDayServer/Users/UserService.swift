import GRPCCore
import HearthCore
import RushDayProto

/// `rushday.v1.UserService` (spec §4.1): the caller's profile, preferences, devices,
/// account deletion and the one-time migration. Every RPC requires authentication; the
/// interceptor has already ensured the caller's row.
struct UserService: Rushday_V1_UserService.SimpleServiceProtocol {
    let components: RushDayComponents

    var users: UserStore { components.users }

    func getCurrentUser(request: Rushday_V1_GetCurrentUserRequest, context: ServerContext) async throws -> Rushday_V1_User {
        let caller = try Principal.requireCaller()
        return try await current(caller).message
    }

    func updateUser(request: Rushday_V1_UpdateUserRequest, context: ServerContext) async throws -> Rushday_V1_User {
        let caller = try Principal.requireCaller()
        let name = try request.hasName ? FieldRules.text(request.name, "name", 1...100) : nil
        let avatar: String?? = try request.hasAvatar ? .some(FieldRules.optionalURL(request.avatar, "avatar")) : .none
        let currency = try request.hasCurrency ? FieldRules.currency(request.currency, "currency") : nil
        return try await users.update(caller.userID) { user in
            if let name { user.name = name }
            if let avatar { user.avatar = avatar }
            if let currency { user.currency = currency }
        }.message
    }

    func updateNotificationPreferences(
        request: Rushday_V1_UpdateNotificationPreferencesRequest, context: ServerContext
    ) async throws -> Rushday_V1_User {
        let caller = try Principal.requireCaller()
        let time = try NotificationTime.normalised(request.time)
        let preferences = RushDayUser.Preferences(
            time: time, tasks: request.tasks, agenda: request.agenda, share: request.share, onTheDay: request.onTheDay,
            weekBefore: request.weekBefore)
        let user = try await users.update(caller.userID) { $0.preferences = preferences }
        await components.reminders.replanUser(caller.userID)
        return user.message
    }

    static let platforms = ["ios", "android", "web"]

    func registerDevice(request: Rushday_V1_RegisterDeviceRequest, context: ServerContext) async throws -> Rushday_V1_User {
        let caller = try Principal.requireCaller()
        guard (1...4096).contains(request.fcmToken.unicodeScalars.count) else {
            throw RPCFailure.invalid("fcm_token", "must be 1–4096 characters")
        }
        let platform = request.platform.isEmpty ? "ios" : request.platform.lowercased()
        guard Self.platforms.contains(platform) else { throw RPCFailure.invalid("platform", "must be ios, android or web") }
        guard (-720...840).contains(request.timezoneOffset) else { throw RPCFailure.invalid("timezone_offset", "must be -720…840") }
        let user = try await users.registerDevice(
            userID: caller.userID, token: request.fcmToken, platform: platform, timezoneOffset: Int(request.timezoneOffset))
        // Day-of and week-before times follow the latest time zone.
        await components.reminders.replanUser(caller.userID)
        return user.message
    }

    func deleteUser(request: Rushday_V1_DeleteUserRequest, context: ServerContext) async throws -> Rushday_V1_DeleteUserResponse {
        let caller = try Principal.requireCaller()
        let deleted = try await lifecycle.deleteUser(caller.userID)
        for event in deleted {
            await components.notifier.notify("event_deleted", eventID: event.eventID, to: event.coHosts, gatedByShare: false)
        }
        var response = Rushday_V1_DeleteUserResponse()
        response.success = true
        response.eventsDeleted = Int32(clamping: deleted.count)
        return response
    }

    func migrateUserData(
        request: Rushday_V1_MigrateUserDataRequest, context: ServerContext
    ) async throws -> Rushday_V1_MigrateUserDataResponse {
        let caller = try Principal.requireCaller()
        guard request.appVersion.unicodeScalars.count <= 32 else { throw RPCFailure.invalid("app_version", "at most 32 characters") }
        let outcome = try await lifecycle.migrate(userID: caller.userID, appVersion: request.appVersion)
        var response = Rushday_V1_MigrateUserDataResponse()
        response.success = outcome.success
        response.alreadyMigrated = outcome.alreadyMigrated
        response.message = outcome.message
        var stats = Rushday_V1_MigrationStats()
        let counts = outcome.counts
        stats.eventsMigrated = Int32(clamping: counts.events)
        stats.tasksMigrated = Int32(clamping: counts.tasks)
        stats.guestsMigrated = Int32(clamping: counts.guests)
        stats.agendasMigrated = Int32(clamping: counts.agendas)
        stats.expensesMigrated = Int32(clamping: counts.expenses)
        stats.vendorsMigrated = Int32(clamping: counts.vendors)
        stats.devicesMigrated = Int32(clamping: counts.devices)
        stats.totalItemsMigrated = Int32(clamping: counts.total)
        response.stats = stats
        return response
    }

    private var lifecycle: AccountLifecycle {
        AccountLifecycle(
            database: components.services.database, jobs: components.services.jobs, clock: components.services.clock,
            legacyData: components.legacyData)
    }

    /// The caller's row; re-created if it vanished between the interceptor and here.
    private func current(_ caller: VerifiedCaller) async throws -> RushDayUser {
        if let user = try await users.user(caller.userID) { return user }
        try await users.ensure(caller)
        guard let user = try await users.user(caller.userID) else { throw RPCFailure.notFound("user") }
        return user
    }
}
