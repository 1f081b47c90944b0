import HearthCore
import HearthServer
import Hummingbird

/// `/api/checkout` (spec §2.6 hardened by W9; duplicates are `Idempotency-Key`'s job).
struct CheckoutRoutes: Sendable {
    let transactions: HouseholdTransactions

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post("scan") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let upc = try fields.text("upc") else { throw PantryError.badRequest("UPC is required") }
            return try await transactions.answer(userID: try context.requireUser()) { write in
                PantryAnswer(try await CheckoutService.scan(upc: upc, in: write))
            }
        }
        group.get("history") { request, context in
            let query = try CheckoutHistory.Query(query: request.query)
            let body = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID else {
                    let empty: JSONValue = [
                        "history": [], "pagination": ["total": 0, "limit": .int(Int64(query.limit)), "offset": .int(Int64(query.offset))],
                    ]
                    return empty
                }
                return try await CheckoutHistory.page(householdID: householdID, query: query, in: executor)
            }
            return Response.json(body)
        }
        group.get("stats") { request, context in
            let days = try DayCount.parse(request.query("days"), default: 30)
            let now = transactions.clock.now
            let body = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                try await CheckoutHistory.stats(householdID: householdID ?? "", days: days, now: now, in: executor)
            }
            return Response.json(body)
        }
    }
}
