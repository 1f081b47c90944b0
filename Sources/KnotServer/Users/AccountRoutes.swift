import HearthCore
import HearthServer
import Hummingbird

/// `GET /api/v1/me` (§5.1) and the `/api/v1/users` routes (§5.7).
struct AccountRoutes: Sendable {
    static let deletedMessage = "Account and all associated data have been permanently deleted."

    let profiles: UserProfiles
    let devices: DeviceTokens
    let export: AccountExport
    let jobs: JobQueue
    let hooks: KnotAPIHooks

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.get("me") { _, context in Response.json(["user_id": .string(try context.requireUser())]) }
        api.post("users/device-token") { request, context in try await registerDevice(request, context) }
        api.delete("users/me") { _, context in try await deleteAccount(context) }
        api.get("users/me/export") { _, context in try await exportAccount(context) }
        api.get("users/me/notification-preferences") { _, context in try await preferences(context) }
        api.put("users/me/notification-preferences") { request, context in try await updatePreferences(request, context) }
    }

    func registerDevice(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let input = try await DeviceTokens.Input.read(request, context: context)
        let status = try await devices.register(userID: userID, input: input)
        return Response.json([
            "status": .string(status.rawValue), "device_token": .string(input.deviceToken), "platform": .string(input.platform),
        ])
    }

    func deleteAccount(_ context: HearthRequestContext) async throws -> Response {
        guard try await profiles.deleteAccount(userID: try context.requireUser(), jobs: jobs) else {
            throw APIError.knotNotFound(UserProfiles.notFound)
        }
        return Response.json(["status": "deleted", "message": .string(Self.deletedMessage)])
    }

    func exportAccount(_ context: HearthRequestContext) async throws -> Response {
        guard let document = try await export.export(userID: try context.requireUser()) else {
            throw APIError.knotNotFound(UserProfiles.notFound)
        }
        return Response.json(document)
    }

    func preferences(_ context: HearthRequestContext) async throws -> Response {
        guard let profile = try await profiles.profile(userID: try context.requireUser()) else {
            throw APIError.knotNotFound(UserProfiles.notFound)
        }
        return Response.json(profile.preferences.json)
    }

    func updatePreferences(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let change = try await NotificationPreferences.Change.read(request, context: context)
        let hooks = hooks
        let (before, after) = try await profiles.updatePreferences(userID: userID, change: change) { enabled, sql in
            try await hooks.notificationsToggled(userID, enabled, sql)
        }
        if !before.notificationsEnabled, after.notificationsEnabled { await hooks.scheduleReminders(userID) }
        return Response.json(after.json)
    }
}
