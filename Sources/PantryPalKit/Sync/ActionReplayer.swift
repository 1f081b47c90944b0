import GRDB
import HearthClient
import HearthCore

/// Sends queued actions oldest first, one at a time, each with its own idempotency key,
/// and settles each by ``ReplayDecision``. Stops at the first action that must wait
/// (network, server trouble, signed out) and throws why; refused actions are dropped,
/// logged and followed by the next.
struct ActionReplayer {
    let store: PantryStore
    let api: PantryPalAPI
    let clock: any WallClock

    func run(into report: inout SyncReport) async throws {
        while true {
            try Task.checkCancellation()
            // Claimed and read in one transaction: what is sent is what is stored.
            guard let action = try store.claimNextAction() else { return }
            if action.isPastReplayWindow(at: clock.now) {
                report.rejected += try store.reject(
                    action, status: 0, code: "ANSWER_UNKNOWN",
                    message: "Sent more than a day ago without an answer; it may have been applied, so the server's state is kept",
                    paywall: nil)
                continue
            }
            let response: TransportResponse
            do {
                response = try await api.exchange(
                    TransportRequest.Method(rawValue: action.method) ?? .post, action.path, body: action.body,
                    idempotencyKey: action.idempotencyKey, household: try store.household()?.id)
            } catch let error as CancellationError {
                throw error
            } catch {
                if case .retryLater(let reason) = ReplayDecision.decide(error: error) { try store.recordRetry(action, reason: reason) }
                throw error
            }
            let failure = response.isSuccess ? nil : ErrorBody.clientError(from: response)
            let (code, message) = Self.codeAndMessage(failure)
            let body = response.isSuccess ? try? PantryPalAPI.parse(response.body) : nil
            switch ReplayDecision.decide(
                kind: action.kind, method: action.method, status: response.status, code: code, message: message, body: body)
            {
            case .applied:
                try store.complete(action) { db in try Self.learn(db, from: body, for: action) }
                report.sent += 1
            case .retryLater(let reason):
                try store.recordRetry(action, reason: reason)
                throw failure ?? ClientError.server(status: response.status, code: code, message: reason)
            case .signedOut:
                throw ClientError.signedOut
            case .rejected(let status, let code, let message, let reason):
                let paywall = reason.map {
                    PaywallState(reason: $0, message: message, limit: ErrorBody.limit(in: response), at: clock.now)
                }
                report.rejected += try store.reject(action, status: status, code: code, message: message, paywall: paywall)
                if let paywall { report.paywall = paywall }
            }
        }
    }

    static func codeAndMessage(_ failure: ClientError?) -> (String?, String) {
        guard case .server(_, let code, let message)? = failure else { return (nil, "") }
        return (code, message)
    }

    /// What an applied action's answer tells this device beyond "done".
    static func learn(_ db: Database, from body: JSONValue?, for action: PendingAction) throws {
        switch action.kind {
        case .createProduct:
            if let product = body.flatMap(Product.init(row:)), product.id != action.entity.id {
                try PantryStore.replaceProductID(db, action.entity.id, with: product)
            }
        case .createInventory:
            try db.execute(sql: "UPDATE inventory SET on_server = 1 WHERE id = ?", arguments: [action.entity.id])
        case .addGrocery:
            if let serverID = body?["id"]?.intValue {
                try PantryStore.learnGroceryServerID(db, normalizedName: action.entity.id, serverID: serverID)
            }
        case .checkout:
            // The server picks its own row; when it is not the one taken here, only a full
            // snapshot can say which local row is wrong. A checkout of a product unknown
            // here took no local row: the pulled change brings the server's.
            guard let body, action.entity.type == .inventory else { return }
            let answer = CheckoutAnswer(body)
            let sameRow: Bool
            if let consumed = answer.consumedItemID {
                sameRow = consumed == action.entity.id
            } else {
                // A server that does not name the row consumed: judge by what is left.
                let takenHereIsGone = try PantryStore.inventoryItem(db, id: action.entity.id) == nil
                sameRow = answer.inventoryItemID == action.entity.id || (answer.itemDeleted && takenHereIsGone)
            }
            if !sameRow { try PantryStore.setState(db, .needsFullSync, "1") }
        case .createLocation, .adjustQuantity, .deleteInventory, .removeGrocery:
            break
        }
    }
}
