import HearthCore
import HearthServer
import Hummingbird

/// `/api/subscriptions` (spec §2.10 hardened by W12). Premium is never granted on the
/// client's word: the transaction goes to a ``PurchaseVerifier``. This build ships no App
/// Store Server API client, so the verifier is ``UnconfiguredPurchaseVerifier`` and
/// `POST /validate` refuses with 503, changing nothing; operators grant premium through
/// the admin routes. `GET /status` only reads.
struct SubscriptionRoutes: Sendable {
    let transactions: HouseholdTransactions
    let verifier: any PurchaseVerifier

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post("validate") { request, context -> Response in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard let transactionID = try fields.text("transactionId"), try fields.text("productId") != nil,
                try fields.text("originalTransactionId") != nil
            else { throw PantryError.badRequest("Missing required transaction fields") }
            let hasHousehold = try await transactions.read(userID: userID) { householdID, _ in householdID != nil }
            guard hasHousehold else { throw PantryError.badRequest("User must belong to a household to purchase Premium") }
            do throws(PurchaseVerificationFailure) {
                _ = try await verifier.verify(transactionID: transactionID)
            } catch {
                throw Self.refusal(error)
            }
            // Binding a verified purchase to the household (W12) comes with an App Store
            // Server API verifier; none ships in this build, so nothing gets this far.
            throw Self.refusal(.notConfigured)
        }
        group.get("status") { _, context in
            let now = transactions.clock.now
            let body = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID, let household = try await HouseholdRecord.find(id: householdID, in: executor) else {
                    let none: JSONValue = ["isPremium": false, "premiumExpiresAt": nil, "householdId": nil]
                    return none
                }
                let status: JSONValue = [
                    "isPremium": .bool(household.premium.isActive(at: now)), "premiumExpiresAt": household.premiumExpiresAtText,
                    "householdId": .string(household.id), "householdName": .string(household.name),
                ]
                return status
            }
            return Response.json(body)
        }
    }

    static func refusal(_ failure: PurchaseVerificationFailure) -> APIError {
        switch failure {
        case .notConfigured:
            APIError(.serviceUnavailable, code: HearthErrorCode("VERIFICATION_UNAVAILABLE"), message: "Purchase verification is not configured on this server")
        case .invalid:
            PantryError.badRequest("Could not verify purchase", code: "RECEIPT_INVALID")
        case .unavailable:
            APIError(.serviceUnavailable, code: .serviceUnavailable, message: "The App Store could not be reached; try again shortly")
        }
    }
}
