import GRDB
import HearthCore

extension LocalStore {
    /// What an ``update(_:)`` body reads and writes: one write transaction, so what it
    /// read is still what the store holds when its edits are saved (no sync can apply a
    /// pull in between).
    public struct Update {
        let store: LocalStore
        let db: Database

        /// Every live document of `collection`, ordered by id.
        public func documents(_ collection: String) throws -> [LocalDocument] {
            try LocalStore.documents(collection, in: db)
        }

        /// Saves edits as ``LocalStore/apply(_:)`` does, inside this transaction.
        public func apply(_ edits: [LocalEdit]) throws {
            try store.apply(edits, in: db)
        }
    }

    /// Reads and edits in one write transaction: all of `body`'s edits or none.
    public func update<T>(_ body: (Update) throws -> T) throws -> T {
        try database.write { db in try body(Update(store: self, db: db)) }
    }
}
