import HearthCore
import Testing

@testable import HearthClient

@Suite("Local store")
final class LocalStoreTests {
    let directory: TemporaryDirectory
    let store: LocalStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try LocalStore(path: directory.file("store.sqlite"))
    }

    deinit { directory.remove() }

    func serverDoc(_ id: String, version: Int64, data: JSONValue, deleted: Bool = false) -> SyncDocument {
        SyncDocument(
            id: id, collection: "items", version: version, updatedAt: Timestamp(millisecondsSince1970: 0),
            clientUpdatedAt: Timestamp(millisecondsSince1970: 0), deleted: deleted, data: data)
    }

    @Test func aLocalWriteIsReadableAndQueuedInTheSameStep() throws {
        try store.put("items", id: "item:1", data: ["title": "Kettle"])
        #expect(try store.document("items", id: "item:1")?.data == ["title": "Kettle"])
        #expect(try store.document("items", id: "item:1")?.hasPendingChanges == true)
        #expect(try store.pendingMutations().map(\.documentID) == ["item:1"])
    }

    @Test func unsentEditsOfOneDocumentFoldIntoOneMutation() throws {
        try store.put("items", id: "item:1", data: ["title": "A"])
        try store.put("items", id: "item:1", data: ["title": "B"])
        let pending = try store.pendingMutations()
        #expect(pending.count == 1)
        #expect(pending.first?.data == ["title": "B"])
    }

    @Test func aSentMutationIsNeverChangedAndANewEditQueuesBehindIt() throws {
        try store.put("items", id: "item:1", data: ["title": "A"])
        let sent = try store.takeMutationsToSend(limit: 10)
        try store.put("items", id: "item:1", data: ["title": "B"])
        let pending = try store.pendingMutations()
        #expect(pending.map(\.mutationID).first == sent.first?.mutationID)
        #expect(pending.map(\.data) == [["title": "A"], ["title": "B"]])
    }

    @Test func deletingADocumentTheServerNeverSawLeavesNothingToPush() throws {
        try store.put("items", id: "item:1", data: ["title": "A"])
        try store.delete("items", id: "item:1")
        #expect(try store.pendingCount() == 0)
        #expect(try store.allDocuments(includingDeleted: true).isEmpty)
    }

    @Test func aDeletionIsHiddenFromReadsButQueuedUntilTheServerHasIt() throws {
        try store.applyChanges([SyncChange(seq: 1, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 1, data: ["title": "A"]))], cursor: "1")
        try store.delete("items", id: "item:1")
        #expect(try store.document("items", id: "item:1") == nil)
        let pending = try store.pendingMutations()
        #expect(pending.map(\.operation) == [.delete])
        #expect(pending.first?.baseVersion == 1)
        try store.recordPushResults([(pending[0], SyncMutationResult(mutationID: pending[0].mutationID, status: .applied, id: "item:1", version: 2))])
        #expect(try store.allDocuments(includingDeleted: true).isEmpty)
    }

    @Test func pulledChangesAndTheirCursorAreSavedTogether() throws {
        try store.applyChanges([SyncChange(seq: 7, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 3, data: ["title": "A"]))], cursor: "7")
        #expect(try store.state(.cursor) == "7")
        #expect(try store.document("items", id: "item:1")?.serverVersion == 3)
    }

    @Test func aPulledChangeDoesNotOverwriteAPendingLocalEdit() throws {
        try store.applyChanges([SyncChange(seq: 1, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 1, data: ["title": "A"]))], cursor: "1")
        try store.put("items", id: "item:1", data: ["title": "Mine"])
        try store.applyChanges([SyncChange(seq: 2, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 2, data: ["title": "Theirs"]))], cursor: "2")
        let document = try #require(try store.document("items", id: "item:1"))
        #expect(document.data == ["title": "Mine"])
        #expect(document.serverData == ["title": "Theirs"])
        #expect(document.serverVersion == 2)
    }

    @Test func aRemoveEntryDropsTheDocumentAndItsQueuedEdits() throws {
        try store.applyChanges([SyncChange(seq: 1, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 1, data: ["title": "A"]))], cursor: "1")
        try store.put("items", id: "item:1", data: ["title": "Mine"])
        try store.applyChanges([SyncChange(seq: 2, collection: "items", id: "item:1", op: .remove, doc: nil)], cursor: "2")
        #expect(try store.allDocuments(includingDeleted: true).isEmpty)
        #expect(try store.pendingCount() == 0)
    }

    @Test func aRejectedEditIsUndoneAndRemembered() throws {
        try store.applyChanges([SyncChange(seq: 1, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 1, data: ["title": "A"]))], cursor: "1")
        try store.put("items", id: "item:1", data: ["title": "Forbidden"])
        try store.put("items", id: "item:2", data: ["title": "New but refused"])
        let pending = try store.pendingMutations()
        try store.recordPushResults(pending.map { mutation in
            (mutation, SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, id: mutation.documentID, code: .forbidden, message: "no"))
        })
        #expect(try store.document("items", id: "item:1")?.data == ["title": "A"])
        #expect(try store.document("items", id: "item:2") == nil)
        #expect(try store.rejections().map(\.code) == ["FORBIDDEN", "FORBIDDEN"])
    }

    @Test func aMutationTheServerDeferredStaysQueuedUnchanged() throws {
        try store.put("items", id: "item:1", data: ["title": "Later"])
        let sent = try store.takeMutationsToSend(limit: 10)
        try store.recordPushResults(sent.map { mutation in
            (mutation, SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, id: mutation.documentID, code: .retryLater, message: "full"))
        })
        #expect(try store.pendingMutations().map(\.mutationID) == sent.map(\.mutationID), "sent again as it was")
        #expect(try store.document("items", id: "item:1")?.data == ["title": "Later"])
        #expect(try store.rejections().isEmpty)
    }

    @Test func editsOfTheDocumentQueuedLastFoldButOthersQueueBehind() throws {
        try store.put("items", id: "item:1", data: ["title": "A"])
        try store.put("items", id: "item:1", data: ["title": "AB"])
        try store.put("lists", id: "list:2", data: ["name": "New"])
        try store.put("items", id: "item:1", data: ["title": "AB", "list": "list:2"])
        let pending = try store.pendingMutations()
        #expect(pending.map(\.documentID) == ["item:1", "list:2", "item:1"])
        #expect(pending.first?.data == ["title": "AB"])
    }

    @Test func aLostConflictTakesTheWinnersDocument() throws {
        try store.applyChanges([SyncChange(seq: 1, collection: "items", id: "item:1", op: .upsert, doc: serverDoc("item:1", version: 1, data: ["title": "A"]))], cursor: "1")
        try store.put("items", id: "item:1", data: ["title": "Mine"])
        let pending = try store.pendingMutations()
        try store.recordPushResults([(pending[0], SyncMutationResult(mutationID: pending[0].mutationID, status: .conflict, id: "item:1", doc: serverDoc("item:1", version: 5, data: ["title": "Winner"])))])
        #expect(try store.document("items", id: "item:1")?.data == ["title": "Winner"])
        #expect(try store.pendingCount() == 0)
    }

    @Test func aFullResyncDropsCleanDocumentsTheServerNoLongerSendsButKeepsLocalEdits() throws {
        try store.applyChanges([
            SyncChange(seq: 1, collection: "items", id: "item:gone", op: .upsert, doc: serverDoc("item:gone", version: 1, data: [:])),
            SyncChange(seq: 2, collection: "items", id: "item:kept", op: .upsert, doc: serverDoc("item:kept", version: 1, data: [:])),
        ], cursor: "2")
        try store.put("items", id: "item:local", data: ["title": "offline"])
        try store.beginResync()
        #expect(try store.state(.cursor) == nil)
        try store.applyChanges([SyncChange(seq: 9, collection: "items", id: "item:kept", op: .upsert, doc: serverDoc("item:kept", version: 2, data: [:]))], cursor: "9")
        try store.finishResync()
        #expect(try store.documents("items").map(\.id) == ["item:kept", "item:local"])
        #expect(try !store.isResyncing())
    }

    @Test func aResyncInterruptedByACrashStillKnowsWhatTheServerSent() throws {
        try store.applyChanges([
            SyncChange(seq: 1, collection: "items", id: "item:a", op: .upsert, doc: serverDoc("item:a", version: 1, data: [:])),
            SyncChange(seq: 2, collection: "items", id: "item:b", op: .upsert, doc: serverDoc("item:b", version: 1, data: [:])),
            SyncChange(seq: 3, collection: "items", id: "item:gone", op: .upsert, doc: serverDoc("item:gone", version: 1, data: [:])),
        ], cursor: "3")
        try store.beginResync()
        try store.applyChanges([SyncChange(seq: 10, collection: "items", id: "item:a", op: .upsert, doc: serverDoc("item:a", version: 1, data: [:]))], cursor: "10")
        let restarted = try LocalStore(path: directory.file("store.sqlite"))
        #expect(try restarted.isResyncing())
        #expect(try restarted.state(.cursor) == "10")
        try restarted.applyChanges([SyncChange(seq: 11, collection: "items", id: "item:b", op: .upsert, doc: serverDoc("item:b", version: 1, data: [:]))], cursor: "11")
        try restarted.finishResync()
        #expect(try restarted.documents("items").map(\.id) == ["item:a", "item:b"])
    }

    @Test func legacyPullKeepsDirtyAndFailedDocumentsAndDeletesOtherAbsentOnes() throws {
        try store.applyLegacyPull("items", documents: [("item:a", ["_id": "item:a"]), ("item:b", ["_id": "item:b"]), ("item:c", ["_id": "item:c"])], protected: [])
        try store.put("items", id: "item:a", data: ["_id": "item:a", "title": "dirty"])
        try store.applyLegacyPull("items", documents: [], protected: ["item:b"])
        #expect(try store.documents("items").map(\.id) == ["item:a", "item:b"])
        #expect(try store.document("items", id: "item:a")?.data["title"] == "dirty")
    }

    @Test func legacyMarkCleanKeepsEditsMadeAfterThePushSnapshot() throws {
        try store.put("items", id: "item:a", data: ["title": "1"])
        let (dirty, through) = try store.takeDirtyDocuments("items")
        #expect(dirty.map(\.id) == ["item:a"])
        try store.put("items", id: "item:a", data: ["title": "2"])
        try store.markClean("items", ids: ["item:a"], through: through)
        #expect(try store.document("items", id: "item:a")?.hasPendingChanges == true)
        #expect(try store.pendingMutations().map(\.data) == [["title": "2"]])
    }

    @Test func aLegacyPushedDocumentDeletedBeforeTheNextPullQueuesItsDeletion() throws {
        try store.put("items", id: "item:a", data: ["title": "1"])
        let (_, through) = try store.takeDirtyDocuments("items")
        try store.markClean("items", ids: ["item:a"], through: through)
        try store.delete("items", id: "item:a")
        #expect(try store.pendingMutations().map(\.operation) == [.delete])
    }

    @Test func aPushBatchStaysUnderItsByteBudgetButAlwaysTakesOne() throws {
        let big = String(repeating: "x", count: 1000)
        for index in 0..<4 { try store.put("items", id: "item:\(index)", data: ["title": .string(big)]) }
        #expect(try store.takeMutationsToSend(limit: 10, maxBytes: 2500).map(\.documentID) == ["item:0", "item:1"])
        #expect(try store.takeMutationsToSend(limit: 10, maxBytes: 10).map(\.documentID) == ["item:0"])
    }

    @Test func severalEditsApplyTogether() throws {
        try store.apply([
            .put(collection: "wishlists", id: "wishlist:1", data: ["name": "A"]),
            .put(collection: "items", id: "item:1", data: ["title": "B"]),
        ])
        #expect(try store.pendingMutations().map(\.documentID) == ["wishlist:1", "item:1"])
    }

    @Test func reopeningTheStoreKeepsDocumentsQueueAndCursor() throws {
        try store.put("items", id: "item:1", data: ["title": "A"])
        try store.setState(.cursor, "42")
        let reopened = try LocalStore(path: directory.file("store.sqlite"))
        #expect(try reopened.document("items", id: "item:1")?.data == ["title": "A"])
        #expect(try reopened.pendingCount() == 1)
        #expect(try reopened.state(.cursor) == "42")
    }
}
