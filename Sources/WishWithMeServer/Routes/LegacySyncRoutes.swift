import HearthCore
import HearthServer
import Hummingbird

/// `/api/v2/sync/{pull,push}/{collection}` (spec §4), thin over ``LegacySyncService``.
struct LegacySyncRoutes: Sendable {
    let service: LegacySyncService

    func register(on sync: RouterGroup<HearthRequestContext>) {
        sync.get("pull/:collection") { request, context in try await pull(request, context) }
        sync.post("push/:collection") { request, context in try await push(request, context) }
    }

    func pull(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let collection = try Self.collection(context)
        let documents = try await service.pull(collection, userID: try context.requireUser())
        return Response.json(["documents": .array(documents)])
    }

    func push(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let collection = try Self.collection(context)
        let body = try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize)
        guard let documents = body["documents"]?.arrayValue else {
            throw APIError.validation("'documents' is required and must be an array")
        }
        guard documents.count <= LegacySyncService.maxDocumentsPerPush else {
            throw APIError(
                .contentTooLarge, code: .batchTooLarge,
                message: "A push may carry at most \(LegacySyncService.maxDocumentsPerPush) documents; send the rest in another request")
        }
        // The original's framework refuses the whole request before looking at any document.
        if let index = documents.firstIndex(where: { $0.objectValue == nil }) {
            throw APIError.validation("'documents[\(index)]' must be a JSON object (a document)")
        }
        let conflicts = try await service.push(collection, userID: try context.requireUser(), documents: documents)
        return Response.json(["conflicts": .array(conflicts.map(\.json))])
    }

    static func collection(_ context: HearthRequestContext) throws -> WishWithMeCollection {
        let name = context.pathParameter("collection")
        guard let collection = WishWithMeCollection(rawValue: name) else {
            throw APIError.validation(
                "'\(name.prefix(40))' is not a collection; use one of \(WishWithMeCollection.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return collection
    }
}
