import Foundation
import HearthCore
import HearthServer
import HearthStore

/// Who may write ListAll documents, and what a write must respect beyond its own fields
/// (spec §1.3, §1.6): every document is its owner's alone; an item's list and an image's
/// item must be the owner's own live documents; an item has at most 10 images; deleting a
/// list deletes its items and their images, as tombstones so the deletion syncs.
///
/// Ids arrive owner-scoped (``OwnerScope``): a document of another account with the same
/// id is a different document, so nothing here can reveal it.
struct ListAllAccessRule: DocumentAccessRule {
    let collection: ListAllCollection

    func decide(_ write: ProposedWrite, reader: DocumentWriter) async throws -> WriteDecision {
        let owner = write.userID
        let id = OwnerScope.clientID(storageID: write.id, owner: owner)
        if let refusal = checkID(id) { return .deny(refusal) }
        guard let data = write.data else { return .allow(access: [owner]) }
        if let parent = collection.parent, let parentID = data[parent.field]?.stringValue {
            let stored = try await reader.fetch(OwnerScope.storageID(owner: owner, id: parentID))
            guard let stored, stored.collection == parent.collection.rawValue, !stored.deleted else {
                let named = parent.collection == .lists ? "list" : "item"
                return .deny(
                    APIError(
                        .unprocessableContent, code: .parentNotFound,
                        message: "The \(named) \(parentID) does not exist (or was deleted); sync, then try again"))
            }
            if collection == .images, try await imageCount(of: stored.id, besides: write.id, reader: reader) >= ListAllLimits.maxImagesPerItem {
                return .deny(
                    APIError(
                        .unprocessableContent, code: .tooManyImages,
                        message: "An item can have at most \(ListAllLimits.maxImagesPerItem) images"))
            }
        }
        return .allow(access: [owner])
    }

    func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws {
        let family = ListAllFamily(writer: writer)
        if let parent = collection.parent, let parentID = saved.data[parent.field]?.stringValue {
            if saved.deleted {
                try await family.forget(saved.id)
            } else {
                try await family.remember(saved.id, parent: OwnerScope.storageID(owner: userID, id: parentID), collection: collection)
            }
        }
        if saved.deleted, previous?.deleted == false, collection.child != nil {
            try await family.deleteChildren(of: saved, by: userID)
        }
    }

    private func checkID(_ id: String) -> APIError? {
        let valid =
            collection == .preferences
            ? id == ListAllCollection.preferencesID
            : UUID(uuidString: id)?.uuidString == id
        guard !valid else { return nil }
        let expected =
            collection == .preferences
            ? "the preferences document's id is \"\(ListAllCollection.preferencesID)\""
            : "ids are upper-case UUIDs such as 11111111-1111-1111-1111-111111111111"
        return APIError(.unprocessableContent, code: .invalidID, message: "'\(id.prefix(64))' is not a valid id: \(expected)")
    }

    private func imageCount(of itemID: String, besides imageID: String, reader: DocumentWriter) async throws -> Int {
        let row = try await reader.executor.queryFirst(
            "SELECT COUNT(*) AS images FROM la_children WHERE parent_id = ? AND doc_id <> ?", [.text(itemID), .text(imageID)])
        return Int(try row?.int("images") ?? 0)
    }
}
