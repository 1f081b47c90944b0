import Foundation
import GRDB
import HearthCore

/// The pending-action queue: FIFO by position, one idempotency key per action, and the
/// folding rules that keep it short without changing what the server ends up with.
extension PantryStore {
    /// How many refused actions the log keeps (the newest).
    static let keptRejections = 100

    @discardableResult
    static func enqueue(
        _ db: Database, _ kind: PendingAction.Kind, _ entity: EntityKey, _ method: String, _ path: String, body: JSONValue?,
        idempotencyKey: String? = nil, at now: Timestamp
    ) throws -> String {
        let key = idempotencyKey ?? UUID().uuidString.lowercased()
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
    /// previous adjustment (summed; a sum of zero withdraws it, a sum beyond the server's
    /// bound is queued separately).
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
                guard abs(sum) <= InventoryRepository.quantityRange.upperBound else { break }
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
        try enqueue(
            db, .adjustQuantity, entity, "PATCH", "inventory/\(PantryPalAPI.pathSegment(itemID))/quantity",
            body: ["adjustment": .int(Int64(adjustment))], at: now)
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
        try enqueue(db, .deleteInventory, entity, "DELETE", "inventory/\(PantryPalAPI.pathSegment(itemID))", body: nil, at: now)
    }

    // MARK: Replay bookkeeping

    /// The oldest action, sent next (a look only; ``claimNextAction()`` before sending).
    public func nextAction() throws -> PendingAction? {
        try database.read { db in try Self.pendingActions(db).first }
    }

    /// The oldest action, marked as attempted and returned as stored, in one transaction:
    /// from then on its body is frozen (a retry must be the same request, or the server
    /// refuses its key), so no local edit can fold into it or withdraw it while it is sent.
    func claimNextAction() throws -> PendingAction? {
        let now = clock.now.millisecondsSince1970
        return try database.write { db in
            guard let next = try Self.pendingActions(db).first else { return nil }
            try db.execute(
                sql: "UPDATE pending_actions SET attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, ?) WHERE position = ?",
                arguments: [now, next.position])
            return try Self.pendingAction(db, position: next.position)
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
    /// asked for one, and resynchronise so the optimistic edit is undone. A refused create
    /// takes every later action on the same entity with it (they would act on something
    /// the server does not have, or, for a checkout by UPC, on another row).
    /// Returns how many actions were dropped.
    @discardableResult
    func reject(_ action: PendingAction, status: Int, code: String?, message: String, paywall: PaywallState?) throws -> Int {
        try database.write { db in
            var dropped = 1
            let now = clock.now
            try Self.removeAction(db, position: action.position)
            try Self.logRejection(db, action, status: status, code: code, message: message, at: now)
            if action.kind.createsEntity {
                for later in try Self.pendingActions(db, for: action.entity) where later.position > action.position {
                    try Self.removeAction(db, position: later.position)
                    dropped += 1
                    try Self.logRejection(
                        db, later, status: 0, code: "CREATE_REFUSED", message: "Not sent: creating it was refused (\(message))", at: now)
                }
            }
            try Self.trimRejections(db)
            try Self.setState(db, .needsFullSync, "1")
            if let paywall {
                try Self.setState(db, .paywall, String(decoding: try JSONValueEncoder().encodeToBytes(paywall), as: UTF8.self))
            }
            return dropped
        }
    }

    /// Drops every queued action, logging each as refused with `reason` (a household switch
    /// makes them meaningless).
    func discardQueue(reason: String) throws {
        try database.write { db in try Self.discardQueue(db, reason: reason, at: clock.now) }
    }

    static func discardQueue(_ db: Database, reason: String, at now: Timestamp) throws {
        try db.execute(
            sql: """
                INSERT INTO rejections (kind, entity_type, entity_id, status, code, message, at)
                SELECT kind, entity_type, entity_id, 0, 'DISCARDED', ?, ? FROM pending_actions ORDER BY position
                """, arguments: [reason, now.millisecondsSince1970])
        try db.execute(sql: "DELETE FROM pending_actions")
        try trimRejections(db)
    }

    static func logRejection(
        _ db: Database, _ action: PendingAction, status: Int, code: String?, message: String, at now: Timestamp
    ) throws {
        try db.execute(
            sql: "INSERT INTO rejections (kind, entity_type, entity_id, status, code, message, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                action.kind.rawValue, action.entity.type.rawValue, action.entity.id, status, code, message, now.millisecondsSince1970,
            ])
    }

    static func trimRejections(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM rejections WHERE id <= (SELECT MAX(id) - ? FROM rejections)", arguments: [keptRejections])
    }
}
