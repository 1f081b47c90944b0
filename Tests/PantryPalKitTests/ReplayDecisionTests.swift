import HearthClient
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("What the queue does with each answer")
struct ReplayDecisionTests {
    func decide(
        _ kind: PendingAction.Kind, _ method: String, _ status: Int, _ code: String? = nil, message: String = "m", body: JSONValue? = nil
    ) -> ReplayDecision {
        ReplayDecision.decide(kind: kind, method: method, status: status, code: code, message: message, body: body)
    }

    /// The decision for a create (`POST`).
    func decide(_ status: Int, _ code: String? = nil) -> ReplayDecision {
        decide(.createInventory, "POST", status, code)
    }

    @Test func successfulAnswersRemoveTheAction() {
        #expect(decide(201) == .applied)
        #expect(decide(.adjustQuantity, "PATCH", 200) == .applied)
    }

    @Test func deletingSomethingAlreadyGoneIsSuccess() {
        #expect(decide(.deleteInventory, "DELETE", 404, message: "Inventory item not found") == .applied)
        #expect(decide(.removeGrocery, "DELETE", 404, message: "Item not found") == .applied)
    }

    @Test func aDeleteAnsweredWithAnotherNotFoundRemovedNothingAndIsRejected() {
        // e.g. a path the server has no route for: nothing was deleted.
        #expect(decide(.removeGrocery, "DELETE", 404, message: "Not Found") == .rejected(status: 404, code: nil, message: "Not Found", paywall: nil))
        #expect(decide(.deleteInventory, "DELETE", 404, message: "Item not found") != .applied)
    }

    @Test func aCheckoutFailureIsClassifiedByFoundNotByItsWording() {
        let unknown: JSONValue = ["success": false, "error": "Unknown barcode", "found": false]
        let empty: JSONValue = ["success": false, "error": "Product not found in stock", "found": true, "inStock": false]
        #expect(decide(.checkout, "POST", 200, body: unknown) == .rejected(status: 200, code: "PRODUCT_NOT_FOUND", message: "Unknown barcode", paywall: nil))
        #expect(decide(.checkout, "POST", 200, body: empty) == .rejected(status: 200, code: "NOT_IN_STOCK", message: "Product not found in stock", paywall: nil))
    }

    @Test func updatingSomethingGoneIsRejectedNotRetried() {
        #expect(decide(.adjustQuantity, "PATCH", 404) == .rejected(status: 404, code: nil, message: "m", paywall: nil))
    }

    @Test func limitAndPremiumAnswersAreRejectedWithThePaywall() {
        #expect(decide(403, "LIMIT_REACHED") == .rejected(status: 403, code: "LIMIT_REACHED", message: "m", paywall: .limitReached))
        #expect(decide(403, "PREMIUM_REQUIRED") == .rejected(status: 403, code: "PREMIUM_REQUIRED", message: "m", paywall: .premiumRequired))
    }

    @Test func anIdConflictOrReusedKeyIsRejected() {
        #expect(decide(409, "ID_CONFLICT") == .rejected(status: 409, code: "ID_CONFLICT", message: "m", paywall: nil))
        #expect(decide(422, "IDEMPOTENCY_KEY_REUSED") == .rejected(status: 422, code: "IDEMPOTENCY_KEY_REUSED", message: "m", paywall: nil))
        #expect(decide(400) == .rejected(status: 400, code: nil, message: "m", paywall: nil))
    }

    @Test func serverTroubleAndARunningReplayAreRetriedLater() {
        #expect(decide(500) == .retryLater("m"))
        #expect(decide(503) == .retryLater("m"))
        #expect(decide(429) == .retryLater("m"))
        #expect(decide(409, "IDEMPOTENCY_IN_PROGRESS") == .retryLater("m"))
    }

    @Test func aStillUnauthorizedAnswerKeepsTheActionForTheNextSignIn() {
        #expect(decide(401) == .signedOut)
        #expect(ReplayDecision.decide(error: ClientError.signedOut) == .signedOut)
    }

    @Test func networkFailuresAreRetriedLater() {
        guard case .retryLater = ReplayDecision.decide(error: ClientError.offline("down")) else {
            Issue.record("offline must be retried")
            return
        }
        guard case .retryLater = ReplayDecision.decide(error: ClientError.timedOut) else {
            Issue.record("a timeout must be retried")
            return
        }
    }

    @Test func aCheckoutTheServerCannotFulfilIsRejectedThoughItIs200() {
        let notInStock: JSONValue = ["success": false, "error": "Item not in inventory", "found": true, "inStock": false]
        #expect(decide(.checkout, "POST", 200, body: notInStock) == .rejected(status: 200, code: "NOT_IN_STOCK", message: "Item not in inventory", paywall: nil))
        let unknown: JSONValue = ["success": false, "error": "Product not found", "found": false]
        #expect(decide(.checkout, "POST", 200, body: unknown) == .rejected(status: 200, code: "PRODUCT_NOT_FOUND", message: "Product not found", paywall: nil))
        #expect(decide(.checkout, "POST", 200, body: ["success": true]) == .applied)
    }
}
