import HearthClient
import HearthCore

/// What the queue does with a pending action after the server's answer (or its absence).
/// The original app blocked its queue on any 400 and dropped actions on a substring match;
/// here every answer has an explicit outcome.
public enum ReplayDecision: Sendable, Hashable {
    /// Done: remove it from the queue.
    case applied
    /// Keep it and stop replaying; try again after a pause (network, 5xx, 429, a replay of
    /// this key still running on the server).
    case retryLater(String)
    /// It can never succeed: drop it, record why, resynchronise. `paywall` is set for
    /// the free limit and premium answers.
    case rejected(status: Int, code: String?, message: String, paywall: PaywallState.Reason?)
    /// The session is gone; keep the action for when the user signs in again.
    case signedOut

    static let householdChanged = "HOUSEHOLD_CHANGED"

    /// The decision for a response that arrived. `body` is only read for checkout, whose
    /// failures come as a 200 with `success:false`.
    public static func decide(kind: PendingAction.Kind, method: String, status: Int, code: String?, message: String, body: JSONValue?)
        -> ReplayDecision
    {
        switch status {
        case 200..<300:
            guard kind == .checkout, let body else { return .applied }
            let answer = CheckoutAnswer(body)
            return answer.success ? .applied : .rejected(status: status, code: answer.failureCode, message: answer.message, paywall: nil)
        case 401:
            return .signedOut
        case 404 where method == "DELETE" && isAlreadyGone(kind: kind, message: message):
            return .applied
        case 409 where code == "IDEMPOTENCY_IN_PROGRESS":
            return .retryLater(message)
        case 409 where code == householdChanged:
            // Joined or left elsewhere since this sync read the household: the sync adopts
            // the new one, which drops this queue (see PantryPalSync).
            return .retryLater(message)
        case 403 where code == PaywallState.Reason.limitReached.rawValue:
            return .rejected(status: status, code: code, message: message, paywall: .limitReached)
        case 403 where code == PaywallState.Reason.premiumRequired.rawValue:
            return .rejected(status: status, code: code, message: message, paywall: .premiumRequired)
        case 408, 425, 429, 500..<600:
            return .retryLater(message)
        default:
            // 400 validation, 403, 404 on create/update, 409 ID_CONFLICT, 413, 422 key reuse:
            // the same request will be refused again.
            return .rejected(status: status, code: code, message: message, paywall: nil)
        }
    }

    /// A DELETE's 404 means "already gone" only when it is the entity's own not-found
    /// answer; any other 404 (a path the server has no route for) removed nothing.
    static func isAlreadyGone(kind: PendingAction.Kind, message: String) -> Bool {
        let text = message.lowercased()
        switch kind {
        case .deleteInventory: return text == "inventory item not found"
        case .removeGrocery: return text == "item not found"
        default: return false
        }
    }

    /// The decision when no usable answer arrived.
    public static func decide(error: any Error) -> ReplayDecision {
        switch error {
        case ClientError.signedOut: .signedOut
        case let error as ClientError: .retryLater(error.description)
        default: .retryLater(String(describing: error))
        }
    }
}
