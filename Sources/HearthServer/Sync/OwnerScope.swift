/// Ids of an owner-scoped collection (spec/sync.md, Documents): unique within one owner's
/// documents, so two accounts may hold the same id without seeing each other. The
/// document table keys them by owner and id; clients only ever see the id they chose.
public enum OwnerScope {
    /// The key the document table stores `id` of `owner` under.
    public static func storageID(owner: String, id: String) -> String { "\(owner)/\(id)" }

    /// The id `owner` knows a stored document by.
    public static func clientID(storageID: String, owner: String) -> String {
        let prefix = owner + "/"
        return storageID.hasPrefix(prefix) ? String(storageID.dropFirst(prefix.count)) : storageID
    }
}
