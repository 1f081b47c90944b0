import HearthCore
import HearthServer
import HearthStore

/// The one home of Wish With Me's document rules, used by both sync protocols and by the
/// server's own writes (sharing, item resolution): which writes are allowed, what is
/// stored, and what follows a write in the same transaction.
struct WishWithMeRules: Sendable {
    let jobs: JobQueue

    func rule(for collection: WishWithMeCollection) -> any CollectionWriteRule {
        switch collection {
        case .wishlists: WishlistRule()
        case .items: ItemRule()
        case .marks: MarkRule()
        case .bookmarks: BookmarkRule()
        case .users: UserProfileRule()
        case .shares: ShareRule()
        }
    }

    func canRead(_ document: StoredDocument, userID: String) -> Bool {
        guard let collection = WishWithMeCollection(rawValue: document.collection) else { return false }
        return rule(for: collection).canRead(document, userID: userID)
    }

    /// Checks shared by every collection, then the collection's own rule. Validation
    /// failures become denials, so one bad document never fails a whole push.
    func decide(_ write: ProposedWrite, in collection: WishWithMeCollection, writer: DocumentWriter) async throws -> WriteDecision {
        let idIsValid = collection == .users ? UserID.isValid(write.id) : collection.isValidID(write.id)
        guard idIsValid else { return .deny(RuleDenial.invalidID) }
        if let stored = write.stored {
            guard stored.collection == collection.rawValue else { return .deny(RuleDenial.invalidID) }
            // Delete wins: an edit of a deleted document is moot (spec §8.13).
            if stored.deleted { return .skip }
        }
        if let type = write.data?["type"], type.stringValue != collection.documentType {
            return .deny(APIError.validation("Document type mismatch: expected \(collection.documentType)"))
        }
        if let data = write.data, data.objectValue == nil { return .deny(APIError.validation("A document must be a JSON object")) }
        do {
            return try await rule(for: collection).decide(write, context: WishWithMeWriteContext(writer: writer))
        } catch let error as APIError {
            return .deny(error)
        }
    }

    /// Stores a server-made version of a document and applies what follows from it.
    @discardableResult
    func save(_ write: DocumentWrite, replacing previous: StoredDocument?, writer: DocumentWriter) async throws -> StoredDocument {
        let saved = try await writer.save(write, replacing: previous)
        try await didSave(saved, previous: previous, by: write.author, writer: writer)
        return saved
    }

    /// Runs after every stored write, whoever made it.
    func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws {
        try await DocumentRelations.record(saved, in: writer.executor)
        let newlyDeleted = saved.deleted && previous?.deleted != true
        switch WishWithMeCollection(rawValue: saved.collection) {
        case .wishlists where newlyDeleted:
            try await WishlistCascade(rules: self).deleteContents(of: saved, by: userID, writer: writer)
        case .items where newlyDeleted:
            try await WishlistCascade(rules: self).deleteMarks(onItem: saved.id, by: userID, writer: writer)
        case .items where ItemResolutionTrigger.needsResolution(saved, previous: previous):
            try await jobs.enqueue(
                kind: ItemResolutionTrigger.jobKind, payload: ["item_id": .string(saved.id)],
                maxAttempts: ItemResolutionTrigger.maxAttempts, in: writer.executor)
        case .users:
            try await writer.executor.execute("DELETE FROM wwm_slugs WHERE user_id = ?", [.text(saved.id)])
            if let slug = saved.data["public_url_slug"]?.stringValue {
                try await writer.executor.execute(
                    "INSERT INTO wwm_slugs (slug, user_id) VALUES (?, ?)", [.text(slug.lowercased()), .text(saved.id)])
            }
        default:
            break
        }
    }
}

/// One collection's rules in the shape the platform's delta sync asks for.
struct WishWithMeAccessRule: DocumentAccessRule {
    let collection: WishWithMeCollection
    let rules: WishWithMeRules

    func decide(_ write: ProposedWrite, reader: DocumentWriter) async throws -> WriteDecision {
        try await rules.decide(write, in: collection, writer: reader)
    }

    func canRead(_ document: StoredDocument, userID: String) -> Bool { rules.canRead(document, userID: userID) }

    func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws {
        try await rules.didSave(saved, previous: previous, by: userID, writer: writer)
    }
}
