import Foundation
import GRDB
import HearthCore

/// The device's copy of the user's documents, on SQLite through GRDB.
///
/// Guarantees:
/// - a local write and the pending mutation that will carry it to the server are saved in
///   one transaction, so no edit is ever lost or sent without being kept;
/// - changes pulled from the server are applied together with the cursor that follows
///   them, so a crash never skips or re-applies part of a pull;
/// - reads never see deleted documents.
public final class LocalStore: Sendable {
    let database: DatabasePool
    let clock: any WallClock

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    public init(path: String, clock: any WallClock = SystemWallClock()) throws {
        database = try LocalDatabase.openPool(path: path, migrator: LocalStoreMigrations.migrator)
        self.clock = clock
    }

    // MARK: Reads

    public func document(_ collection: String, id: String) throws -> LocalDocument? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: LocalDocument.selection + " WHERE d.collection = ? AND d.id = ? AND d.deleted = 0",
                arguments: [collection, id]
            ).map(LocalDocument.init(row:))
        }
    }

    /// Every live document of `collection`, ordered by id.
    public func documents(_ collection: String) throws -> [LocalDocument] {
        try database.read { db in try Self.documents(collection, in: db) }
    }

    static func documents(_ collection: String, in db: Database) throws -> [LocalDocument] {
        try Row.fetchAll(
            db, sql: LocalDocument.selection + " WHERE d.collection = ? AND d.deleted = 0 ORDER BY d.id", arguments: [collection]
        ).map(LocalDocument.init(row:))
    }

    /// Every document including local deletions not yet pushed, for sync and diagnostics.
    public func allDocuments(includingDeleted: Bool = false) throws -> [LocalDocument] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: LocalDocument.selection + (includingDeleted ? "" : " WHERE d.deleted = 0") + " ORDER BY d.collection, d.id"
            ).map(LocalDocument.init(row:))
        }
    }

    public func pendingMutations(limit: Int = .max) throws -> [PendingMutation] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pending_mutations ORDER BY position LIMIT ?", arguments: [limit])
                .map(PendingMutation.init(row:))
        }
    }

    public func pendingCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending_mutations") ?? 0 }
    }

    public func rejections() throws -> [SyncRejection] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM sync_rejections ORDER BY id").map { row in
                SyncRejection(
                    collection: row["collection"], documentID: row["document_id"], code: row["code"],
                    message: row["message"], at: Timestamp(millisecondsSince1970: row["at"]))
            }
        }
    }

    // MARK: Local writes

    /// One local edit, for ``apply(_:)``.
    public enum LocalEdit: Sendable {
        case put(collection: String, id: String, data: JSONValue)
        case delete(collection: String, id: String)
    }

    /// Saves the user's edit of a document and queues it for the server.
    public func put(_ collection: String, id: String, data: JSONValue) throws {
        try apply([.put(collection: collection, id: id, data: data)])
    }

    /// Deletes a document on this device and queues the deletion for the server. A document
    /// the server never saw is simply dropped.
    public func delete(_ collection: String, id: String) throws {
        try apply([.delete(collection: collection, id: id)])
    }

    /// Saves several edits in one transaction: all of them or none (a wishlist and its items).
    public func apply(_ edits: [LocalEdit]) throws {
        try database.write { db in try apply(edits, in: db) }
    }

    func apply(_ edits: [LocalEdit], in db: Database) throws {
        for edit in edits {
            switch edit {
            case .put(let collection, let id, let data): try put(db, collection, id, data)
            case .delete(let collection, let id): try delete(db, collection, id)
            }
        }
    }

    private func put(_ db: Database, _ collection: String, _ id: String, _ data: JSONValue) throws {
        // Cached statements: an import writes thousands of documents in one transaction.
        try db.cachedStatement(
            sql: """
                INSERT INTO local_documents (collection, id, data, deleted) VALUES (?, ?, ?, 0)
                ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, deleted = 0
                """
        ).execute(arguments: [collection, id, data.storedText])
        try enqueue(db, collection: collection, id: id, operation: .put, data: data)
    }

    private func delete(_ db: Database, _ collection: String, _ id: String) throws {
        let serverVersion = try Int64.fetchOne(
            db, sql: "SELECT server_version FROM local_documents WHERE collection = ? AND id = ?", arguments: [collection, id])
        guard let serverVersion else { return }
        try db.execute(sql: "UPDATE local_documents SET deleted = 1 WHERE collection = ? AND id = ?", arguments: [collection, id])
        if serverVersion == 0, try unsentOnly(db, collection: collection, id: id) {
            try db.execute(sql: "DELETE FROM pending_mutations WHERE collection = ? AND document_id = ?", arguments: [collection, id])
            try db.execute(sql: "DELETE FROM local_documents WHERE collection = ? AND id = ?", arguments: [collection, id])
            return
        }
        try enqueue(db, collection: collection, id: id, operation: .delete, data: nil)
    }

    /// Whether every queued edit of the document is still unsent (so it can be withdrawn).
    private func unsentOnly(_ db: Database, collection: String, id: String) throws -> Bool {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM pending_mutations WHERE collection = ? AND document_id = ? AND attempts > 0",
            arguments: [collection, id]) == 0
    }

    /// Queues an edit. An edit of the document queued last, while that has never been sent,
    /// is folded into it (a sent one is immutable); any other edit queues behind everything
    /// else, so the server sees edits in the order they were made: an item moved into a
    /// list created since its last edit arrives after that list, and a new item's pictures
    /// after the item.
    private func enqueue(
        _ db: Database, collection: String, id: String, operation: PendingMutation.Operation, data: JSONValue?
    ) throws {
        let now = clock.now.millisecondsSince1970
        let last = try Row.fetchOne(
            try db.cachedStatement(
                sql: "SELECT collection, document_id, attempts, position FROM pending_mutations ORDER BY position DESC LIMIT 1"))
        if let last, (last["attempts"] as Int) == 0, (last["collection"] as String) == collection, (last["document_id"] as String) == id {
            try db.cachedStatement(sql: "UPDATE pending_mutations SET op = ?, data = ?, client_updated_at = ? WHERE position = ?")
                .execute(arguments: [operation.rawValue, data?.storedText, now, last["position"] as Int64])
            return
        }
        let baseVersion =
            try Int64.fetchOne(
                try db.cachedStatement(sql: "SELECT server_version FROM local_documents WHERE collection = ? AND id = ?"),
                arguments: [collection, id]) ?? 0
        try db.cachedStatement(
            sql: """
                INSERT INTO pending_mutations (mutation_id, collection, document_id, op, data, base_version, client_updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [UUID().uuidString.lowercased(), collection, id, operation.rawValue, data?.storedText, baseVersion, now])
    }

    // MARK: Shared by both protocols

    /// Undoes local edits: back to the server's state, or gone if the server never had it.
    func revert(_ db: Database, _ collection: String, _ id: String) throws {
        try db.execute(
            sql: "UPDATE local_documents SET data = server_data, deleted = 0 WHERE collection = ? AND id = ? AND server_data IS NOT NULL",
            arguments: [collection, id])
        try db.execute(
            sql: "DELETE FROM local_documents WHERE collection = ? AND id = ? AND server_data IS NULL", arguments: [collection, id])
    }

    func remove(_ db: Database, _ collection: String, _ id: String) throws {
        try db.execute(sql: "DELETE FROM local_documents WHERE collection = ? AND id = ?", arguments: [collection, id])
    }

    func hasPending(_ db: Database, _ collection: String, _ id: String) throws -> Bool {
        try Bool.fetchOne(
            try db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM pending_mutations WHERE collection = ? AND document_id = ?)"),
            arguments: [collection, id]) ?? false
    }

    /// Keeps the refused-edit log short: the newest 99 stay, so one more makes 100.
    static func keepRecentRejections(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM sync_rejections WHERE id <= (SELECT MAX(id) - 99 FROM sync_rejections)")
    }

    /// Stores `data` as both the local view and the server's confirmed copy.
    func storeServerCopy(_ db: Database, _ collection: String, _ id: String, _ data: JSONValue, version: Int64) throws {
        let text = data.storedText
        try db.cachedStatement(
            sql: """
                INSERT INTO local_documents (collection, id, data, deleted, server_data, server_version) VALUES (?, ?, ?, 0, ?, ?)
                ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, deleted = 0,
                    server_data = excluded.server_data, server_version = MAX(server_version, excluded.server_version)
                """
        ).execute(arguments: [collection, id, text, text, version])
    }

    // MARK: Sync state

    public func state(_ key: SyncStateKey) throws -> String? {
        try database.read { db in try LocalDatabase.value(db, in: "sync_state", key: key.rawValue) }
    }

    public func setState(_ key: SyncStateKey, _ value: String?) throws {
        try database.write { db in try Self.setState(db, key, value) }
    }

    static func setState(_ db: Database, _ key: SyncStateKey, _ value: String?) throws {
        try LocalDatabase.setValue(db, in: "sync_state", key: key.rawValue, value)
    }

    /// Forgets everything: documents, queued edits and sync state (sign-out of an account).
    public func erase() throws {
        try database.write { db in
            for table in ["local_documents", "pending_mutations", "sync_state", "sync_rejections", "resync_seen"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}

/// Named values of the local store's `sync_state` table.
public struct SyncStateKey: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The delta feed cursor: saved in the transaction that applied the changes before it.
    public static let cursor = SyncStateKey(rawValue: "cursor")
    public static let lastSyncAt = SyncStateKey(rawValue: "last_sync_at")
    public static let lastError = SyncStateKey(rawValue: "last_error")
    /// Set while a pull from the beginning is under way (see ``LocalStore/beginResync()``).
    public static let resyncing = SyncStateKey(rawValue: "resyncing")
}
