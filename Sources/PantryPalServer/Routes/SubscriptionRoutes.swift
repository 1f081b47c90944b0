import HearthCore
import HearthServer
import Hummingbird

/// `/api/subscriptions` (spec §2.10 hardened by W12). Premium is never granted on the
/// client's word: purchases must be verified with the App Store Server API, which this
/// build does not talk to yet, so `POST /validate` refuses with 503 and changes nothing.
/// Operators grant premium through the admin routes. `GET /status` only reads.
struct SubscriptionRoutes: Sendable {
    let transactions: HouseholdTransactions

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post("validate") { request, context -> Response in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard try fields.text("transactionId") != nil, try fields.text("productId") != nil,
                try fields.text("originalTransactionId") != nil
            else { throw PantryError.badRequest("Missing required transaction fields") }
            let hasHousehold = try await transactions.read(userID: userID) { householdID, _ in householdID != nil }
            guard hasHousehold else { throw PantryError.badRequest("User must belong to a household to purchase Premium") }
            throw APIError(
                .serviceUnavailable, code: HearthErrorCode("VERIFICATION_UNAVAILABLE"),
                message: "Purchase verification is not configured on this server")
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
}
