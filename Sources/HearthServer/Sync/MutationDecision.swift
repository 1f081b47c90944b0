import HearthCore
import HearthStore

/// What happens to one prepared mutation, judged against the stored document inside the
/// push's transaction.
///
/// The order matters: nothing about a document the caller cannot read is revealed, so
/// readability is settled before write rights, and write rights before conflicts.
struct MutationDecision {
    let prepared: PreparedMutation
    let writer: DocumentWriter

    func decide() async throws -> SyncMutationResult {
        let mutationID = prepared.mutation.mutationID
        let (id, collection, userID) = (prepared.id, prepared.collection, prepared.edit.userID)
        let stored = try await writer.fetch(id)
        if let stored, stored.collection != collection.name || !collection.rule.canRead(stored, userID: userID) {
            return SyncMutationResult(
                mutationID: mutationID, status: .rejected, id: id, code: .forbidden, message: "You cannot write this document")
        }
        if prepared.data == nil, stored == nil || stored?.deleted == true {
            // Deleting what is not there (or is already gone) is a harmless no-op.
            return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: stored?.version)
        }
        let proposal = ProposedWrite(userID: userID, collection: collection.name, id: id, stored: stored, data: prepared.data)
        let access: Set<String>
        var data = prepared.data
        switch try await collection.rule.decide(proposal, reader: writer) {
        case .deny(let error):
            return SyncMutationResult(mutationID: mutationID, status: .rejected, id: id, code: error.code, message: error.message)
        case .skip:
            guard let stored, collection.rule.canRead(stored, userID: userID) else {
                return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: stored?.version)
            }
            return SyncMutationResult(mutationID: mutationID, status: .conflict, id: id, doc: stored.syncDocument)
        case .allow(let audience, let normalised):
            if let normalised { data = normalised }
            guard let invalid = audience.first(where: { !DocumentID.isValid($0) }) else {
                access = audience
                break
            }
            return SyncMutationResult(
                mutationID: mutationID, status: .rejected, id: id, code: .validationFailed,
                message: "'\(invalid.prefix(64))' is not a valid user id")
        }
        if let stored, (prepared.mutation.baseVersion ?? 0) != stored.version,
            !LastWriteWins().incomingWins(prepared.edit, over: stored.lastEdit)
        {
            return SyncMutationResult(mutationID: mutationID, status: .conflict, id: id, doc: stored.syncDocument)
        }
        let saved = try await writer.save(
            DocumentWrite(
                id: id, collection: collection.name, data: data ?? stored?.data ?? .object([:]),
                deleted: prepared.mutation.op == .delete, access: access, clientUpdatedAt: prepared.edit.clientUpdatedAt,
                author: userID),
            replacing: stored)
        try await collection.rule.didSave(saved, previous: stored, by: userID, writer: writer)
        return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: saved.version, seq: saved.seq)
    }
}
