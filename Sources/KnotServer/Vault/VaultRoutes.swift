import HearthCore
import HearthServer
import Hummingbird

/// `POST`, `GET` and `PUT /api/v1/vault` (spec §5.2). Validation (422) comes before any
/// lookup (404/409), as §5.0 orders the checks.
struct VaultRoutes: Sendable {
    let store: VaultStore
    /// `scheduleReminders` runs after the commit: where reminder scheduling (§8.2) hooks in.
    let hooks: KnotAPIHooks

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.post("vault") { request, context in try await create(request, context) }
        api.get("vault") { _, context in try await show(context) }
        api.put("vault") { request, context in try await update(request, context) }
    }

    func create(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let input = try await VaultInput.read(request, context: context)
        let vaultID = try await store.create(userID: userID, input: input)
        await hooks.scheduleReminders(userID)
        return Response.json(VaultResponses.summary(vaultID: vaultID, input: input), status: .created)
    }

    func show(_ context: HearthRequestContext) async throws -> Response {
        guard let vault = try await store.load(userID: try context.requireUser()) else {
            throw APIError.knotNotFound(VaultStore.noVault)
        }
        return Response.json(VaultResponses.details(vault))
    }

    func update(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let input = try await VaultInput.read(request, context: context)
        let vaultID = try await store.update(userID: userID, input: input)
        await hooks.scheduleReminders(userID)
        return Response.json(VaultResponses.summary(vaultID: vaultID, input: input))
    }
}
