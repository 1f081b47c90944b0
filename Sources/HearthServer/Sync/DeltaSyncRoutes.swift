import HearthCore
import Hummingbird
import NIOCore

/// `…/api/hearth/v1/sync/{changes,push,events}` for an app that declares collections.
/// Thin: parse, call ``DeltaSyncService``, encode.
public struct DeltaSyncRoutes: Sendable {
    public let service: DeltaSyncService
    public let hub: FeedHub
    public let heartbeat: Duration

    public init(service: DeltaSyncService, hub: FeedHub, heartbeat: Duration = .seconds(20)) {
        self.service = service
        self.hub = hub
        self.heartbeat = heartbeat
    }

    public func register(on group: RouterGroup<HearthRequestContext>) {
        group.get("changes") { request, context in try await changes(request, context) }
        group.group("push")
            .add(middleware: BodyLimitMiddleware(limit: pushLimit))
            .post { request, context in try await push(request, context) }
        group.get("events") { _, context in try await events(context) }
    }

    /// The push body limit: spec/sync.md's 5 MiB, or room for one of the app's largest
    /// documents (a ListAll image) when that is more.
    var pushLimit: Int { max(SyncPushLimits.maxBytes, largestDocument + 64 * 1024) }

    var largestDocument: Int { service.collections.values.map(\.maxDocumentBytes).max() ?? 0 }

    func changes(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let query = request.uri.queryParameters
        let sinceText = query["since"].map(String.init) ?? ""
        // Digits only: a cursor is a number this server gave out, never "+1" or "-0".
        guard sinceText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let since = sinceText.isEmpty ? 0 : Int64(sinceText) else {
            throw APIError.badRequest("'since' must be a cursor returned by an earlier pull, or absent")
        }
        let limitText = query["limit"].map(String.init) ?? ""
        guard limitText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let limit = limitText.isEmpty ? SyncPullLimits.defaultLimit : Int(limitText),
            (1...SyncPullLimits.maxLimit).contains(limit)
        else { throw APIError.badRequest("'limit' must be between 1 and \(SyncPullLimits.maxLimit)") }
        return try Response.encoded(try await service.pull(userID: userID, since: since, limit: limit))
    }

    func push(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        var decoder = context.requestDecoder
        // A document may hold one string as large as the document (a ListAll image).
        decoder.limits.maxStringBytes = max(decoder.limits.maxStringBytes, largestDocument)
        let body = try await decoder.parseBody(of: request, limit: context.maxUploadSize)
        guard let entries = body["mutations"]?.arrayValue else {
            throw APIError.validation("The body must be {\"mutations\": [...]}")
        }
        guard entries.count <= SyncPushLimits.maxMutations else {
            throw APIError(
                .contentTooLarge, code: .batchTooLarge,
                message: "A push may carry at most \(SyncPushLimits.maxMutations) mutations; send the rest in another request")
        }
        let batch = entries.map { entry -> DeltaSyncService.PushEntry in
            do {
                return .mutation(try JSONValueDecoder().decode(SyncMutation.self, from: entry))
            } catch {
                // A malformed mutation is rejected alone; the rest of the batch proceeds.
                return .settled(
                    SyncMutationResult(
                        mutationID: entry["mutation_id"]?.stringValue ?? "", status: .rejected,
                        id: entry["doc"]?["id"]?.stringValue ?? entry["id"]?.stringValue, code: .validationFailed,
                        message: (error as? DecodingError).map(DecodingErrorDescription.describe) ?? "The mutation is malformed"))
            }
        }
        let response = try await service.push(userID: userID, entries: batch)
        return Response.json(["results": .array(response.results.map(\.jsonValue))])
    }

    func events(_ context: HearthRequestContext) async throws -> Response {
        try await FeedEventStream(hub: hub, documents: service.documents, heartbeat: heartbeat).response(userID: try context.requireUser())
    }
}
