import HearthCore
import HearthServer
import HearthStore

/// What a collection rule may consult while deciding a write: the transaction's view of
/// the documents (the feed lock is held, so it is current) and the server's time.
struct WishWithMeWriteContext: Sendable {
    let writer: DocumentWriter
    /// Server time of this write in the original backend's format.
    let now: String

    init(writer: DocumentWriter) {
        self.writer = writer
        now = LegacyTimestamp.format(writer.store.clock.now)
    }

    var executor: any SQLExecutor { writer.executor }

    /// The live document `id` of `collection`, or nil when missing, deleted or of another kind.
    func live(_ id: String, in collection: WishWithMeCollection) async throws -> StoredDocument? {
        try await writer.fetch(id).flatMap { $0.isLive(in: collection) ? $0 : nil }
    }

    func children(of wishlistID: String, in collection: WishWithMeCollection) async throws -> [StoredDocument] {
        try await DocumentRelations.documents(of: wishlistID, in: collection, store: writer.store, executor: executor)
    }
}
