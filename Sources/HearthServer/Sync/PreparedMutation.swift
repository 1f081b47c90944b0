import HearthCore
import HearthStore

/// A pushed mutation that passed every check needing no stored data: a usable
/// `mutation_id`, a known collection, a valid id, and (for a put) data the collection
/// accepts. What is left to decide needs the stored document and runs in the push's
/// transaction.
struct PreparedMutation: Sendable {
    let mutation: SyncMutation
    /// The document's key in the store (owner-scoped for such collections).
    let id: String
    /// The id the client named the document by.
    let clientID: String
    let collection: DocumentCollection
    /// The validated (and possibly normalised) data of a put; `nil` for a delete.
    let data: JSONValue?
    let edit: LastWriteWins.Edit

    /// A checked mutation: ready for the transaction, or refused with its answer.
    enum Check: Sendable {
        case ready(PreparedMutation)
        case refused(SyncMutationResult)
    }

    /// Checks `mutation`, answering the rejection to send when it fails.
    ///
    /// - Parameter latestClientTime: device clocks claiming a later time are clamped to it,
    ///   so a wrong clock cannot make its edits win every conflict forever.
    static func prepare(
        _ mutation: SyncMutation, userID: String, collections: [String: DocumentCollection], latestClientTime: Timestamp
    ) -> Check {
        func rejected(_ error: APIError, id: String?) -> Check {
            .refused(
                SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, id: id, code: error.code, message: error.message))
        }
        let mutationID = mutation.mutationID
        guard !mutationID.isEmpty, mutationID.utf8.count <= 128,
            !mutationID.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return rejected(.validation("mutation_id must be 1…128 printable characters"), id: mutation.targetID)
        }
        guard let collection = collections[mutation.collection] else {
            return rejected(
                APIError(.badRequest, code: .unknownCollection, message: "Unknown collection '\(mutation.collection.prefix(64))'"),
                id: mutation.targetID)
        }
        guard let id = mutation.targetID, DocumentID.isValid(id) else {
            return rejected(
                .validation("The document id is missing or invalid (1…\(DocumentID.maxLength) printable characters)"),
                id: mutation.targetID)
        }
        var validated: JSONValue?
        if mutation.op == .put {
            guard let incoming = mutation.doc?.data, case .object = incoming else {
                return rejected(.validation("A put needs doc.data, a JSON object"), id: id)
            }
            guard incoming.serialized().count <= collection.maxDocumentBytes else {
                return rejected(.validation("The document is larger than \(collection.maxDocumentBytes) bytes"), id: id)
            }
            do {
                validated = try collection.validate(incoming)
            } catch let error as APIError {
                return rejected(error, id: id)
            } catch {
                return rejected(.validation("The document is not valid for '\(collection.name)'"), id: id)
            }
        }
        let clientUpdatedAt = min(max(mutation.clientUpdatedAt, Timestamp(millisecondsSince1970: 0)), latestClientTime)
        return .ready(
            PreparedMutation(
                mutation: mutation, id: collection.ownerScoped ? OwnerScope.storageID(owner: userID, id: id) : id,
                clientID: id, collection: collection, data: validated,
                edit: LastWriteWins.Edit(clientUpdatedAt: clientUpdatedAt, userID: userID)))
    }

    /// `result` as the client must see it: in the id it chose.
    func presented(_ result: SyncMutationResult) -> SyncMutationResult {
        guard collection.ownerScoped else { return result }
        var result = result
        result.id = clientID
        result.doc?.id = clientID
        return result
    }
}
