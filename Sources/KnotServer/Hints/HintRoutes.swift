import HearthCore
import HearthServer
import Hummingbird

/// `POST`, `GET /api/v1/hints` and `DELETE /api/v1/hints/{hint_id}` (spec §5.3).
struct HintRoutes: Sendable {
    let store: HintStore
    let embeddings: any EmbeddingProvider

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.post("hints") { request, context in try await create(request, context) }
        api.get("hints") { request, context in try await list(request, context) }
        api.delete("hints/:hint_id") { _, context in try await delete(context) }
    }

    func create(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let input = try await HintInput.read(request, context: context)
        let vaultID = try await vaultID(of: userID)
        // Computed before the insert, outside its transaction; no vector → NULL (§5.3).
        let embedding = await embeddings.embed(input.hintText).flatMap { EmbeddingVector.isUsable($0) ? $0 : nil }
        let hint = try await store.add(vaultID: vaultID, input: input, embedding: embedding, modelID: embeddings.modelID)
        return Response.json(hint.json, status: .created)
    }

    func list(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let page = try PageQuery(request)
        let vaultID = try await vaultID(of: userID)
        let (hints, total) = try await store.list(vaultID: vaultID, page: page)
        return Response.json(["hints": .array(hints.map(\.json)), "total": .int(total)])
    }

    func delete(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let vaultID = try await vaultID(of: userID)
        guard let hintID = KnotID.normalized(context.pathParameter("hint_id")),
            try await store.delete(vaultID: vaultID, hintID: hintID)
        else { throw APIError.knotNotFound("Hint not found") }
        return Response(status: .noContent)
    }

    private func vaultID(of userID: String) async throws -> String {
        guard let id = try await store.database.read({ sql in try await StoredVault.id(ofUser: userID, on: sql) }) else {
            throw APIError.knotNotFound(VaultStore.noVault)
        }
        return id
    }
}
