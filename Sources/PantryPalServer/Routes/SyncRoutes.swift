import HearthCore
import HearthServer
import Hummingbird

/// `/api/sync` (spec §2.8 hardened by W1, W2, W6).
struct SyncRoutes: Sendable {
    let transactions: HouseholdTransactions
    let push: PushService

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.get("changes") { request, context in
            let position = try ChangeFeedReader.position(cursor: request.query("cursor"), since: request.query("since"), limit: request.query("limit"))
            let now = transactions.clock.now
            let body = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID else {
                    let empty: JSONValue = ["changes": [], "serverTime": .string(PantryTime.isoMillis(now))]
                    return empty
                }
                return try await ChangeFeedReader().read(householdID: householdID, at: position, now: now, in: executor)
            }
            return Response.json(body)
        }
        group.get("full") { _, context in
            let now = transactions.clock.now
            let body = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID else {
                    let empty: JSONValue = ["products": [], "inventory": [], "serverTime": .string(PantryTime.isoMillis(now))]
                    return empty
                }
                return try await FullSnapshot.read(householdID: householdID, now: now, in: executor)
            }
            return Response.json(body)
        }
        group.post("push") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let changes = fields.object["changes"]?.arrayValue else { throw PantryError.badRequest("Changes must be an array") }
            return Response.json(try await push.push(userID: try context.requireUser(), changes: changes))
        }
    }
}
