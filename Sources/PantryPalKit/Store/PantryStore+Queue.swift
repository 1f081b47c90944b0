import Foundation
import GRDB
import HearthCore

/// The pending-action queue: FIFO by position, one idempotency key per action, and the
/// folding rules that keep it short without changing what the server ends up with.
extension PantryStore {
    @discardableResult
    static func enqueue(
        _ db: Database, _ kind: PendingAction.Kind, _ entity: EntityKey, _ method: String, _ path: String, body: JSONValue?,
        at now: Timestamp
    ) throws -> String {
        let key = UUID().uuidString.lowercased()
        try db.execute(
            sql: """
                INSERT INTO pending_actions (idempotency_key, kind, entity_type, entity_id, method, path, body, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                key, kind.rawValue, entity.type.rawValue, entity.id, method, path, body?.serializedString(),
                now.millisecondsSince1970,
            ])
        return key
    }

    static func setBody(_ db: Database, position: Int64, _ body: JSONValue) throws {
        try db.execute(sql: "UPDATE pending_actions SET body = ? WHERE position = ?", arguments: [body.serializedString(), position])
    }

    static func removeAction(_ db: Database, position: Int64) throws {
        try db.execute(sql: "DELETE FROM pending_actions WHERE position = ?", arguments: [position])
    }

    /// Queues a quantity change of a stock row whose local quantity is now `newQuantity`.
    /// Folds into the entity's last action while it is unsent: into its create (the row is
    /// created with the new quantity, or never sent if nothing is left) or into its
    /// previous adjustment (summed; a sum of zero withdraws it).
    static func enqueueAdjustment(_ db: Database, itemID: String, by adjustment: Int, newQuantity: Int, at now: Timestamp) throws {
        let entity = EntityKey(.inventory, itemID)
        if let last = try pendingActions(db, for: entity).last, last.isUnsent {
            switch last.kind {
            case .createInventory:
                if newQuantity <= 0 {
                    try removeAction(db, position: last.position)
                } else {
                    var body = last.body ?? .object([:])
                    body["quantity"] = .int(Int64(newQuantity))
                    try setBody(db, position: last.position, body)
                }
                return
            case .adjustQuantity:
                let sum = (last.body?["adjustment"]?.looseInt ?? 0) + adjustment
                if sum == 0 {
                    try removeAction(db, position: last.position)
                } else {
                    try setBody(db, position: last.position, ["adjustment": .int(Int64(sum))])
                }
                return
            default:
                break
            }
        }
        try enqueue(db, .adjustQuantity, entity, "PATCH", "inventory/\(itemID)/quantity", body: ["adjustment": .int(Int64(adjustment))], at: now)
    }

    /// Queues the deletion of a stock row. A row the server has never seen, whose actions
    /// are all unsent and include no checkout, is withdrawn instead: nothing is sent.
    static func enqueueDeletion(_ db: Database, itemID: String, onServer: Bool, at now: Timestamp) throws {
        let entity = EntityKey(.inventory, itemID)
        let actions = try pendingActions(db, for: entity)
        if !onServer, actions.allSatisfy(\.isUnsent), !actions.contains(where: { $0.kind == .checkout }),
            actions.contains(where: { $0.kind == .createInventory })
        {
            for action in actions { try removeAction(db, position: action.position) }
            return
        }
        try enqueue(db, .deleteInventory, entity, "DELETE", "inventory/\(itemID)", body: nil, at: now)
    }

    // MARK: Replay bookkeeping

    /// The oldest action, sent next.
    public func nextAction() throws -> PendingAction? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM pending_actions ORDER BY position LIMIT 1").map(PendingAction.init(stored:))
        }
    }

    /// Called before sending: from now on the action's body is frozen (a retry must be the
    /// same request, or the server refuses its key).
    func markAttempted(_ action: PendingAction) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE pending_actions SET attempts = attempts + 1 WHERE position = ?", arguments: [action.position])
        }
    }

    func recordRetry(_ action: PendingAction, reason: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE pending_actions SET last_error = ? WHERE position = ?", arguments: [reason, action.position])
        }
    }

    /// The server applied the action: drop it; `learn` records what its answer taught us
    /// in the same transaction.
    func complete(_ action: PendingAction, learn: (Database) throws -> Void = { _ in }) throws {
        try database.write { db in
            try Self.removeAction(db, position: action.position)
            try learn(db)
        }
    }

    /// The server refused the action for good: drop it, log why, raise the paywall if it
    /// asked for one, and resynchronise so the optimistic edit is undone.
    func reject(_ action: PendingAction, status: Int, code: String?, message: String, paywall: PaywallState?) throws {
        try database.write { db in
            try Self.removeAction(db, position: action.position)
            try db.execute(
                sql: "INSERT INTO rejections (kind, entity_type, entity_id, status, code, message, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    action.kind.rawValue, action.entity.type.rawValue, action.entity.id, status, code, message,
                    clock.now.millisecondsSince1970,
                ])
            try db.execute(sql: "DELETE FROM rejections WHERE id <= (SELECT MAX(id) - 100 FROM rejections)")
            try Self.setState(db, .needsFullSync, "1")
            if let paywall {
                try Self.setState(db, .paywall, String(decoding: try JSONValueEncoder().encodeToBytes(paywall), as: UTF8.self))
            }
        }
    }

    /// Drops every queued action, logging each as refused with `reason` (a household switch
    /// makes them meaningless).
    func discardQueue(reason: String) throws {
        try database.write { db in
            let now = clock.now.millisecondsSince1970
            try db.execute(
                sql: """
                    INSERT INTO rejections (kind, entity_type, entity_id, status, code, message, at)
                    SELECT kind, entity_type, entity_id, 0, 'DISCARDED', ?, ? FROM pending_actions ORDER BY position
                    """, arguments: [reason, now])
            try db.execute(sql: "DELETE FROM pending_actions")
        }
    }
}
