import HearthCore
import HearthServer
import HearthStore
import HTTPTypes
import Hummingbird

/// `/api/inventory` (spec §2.4 hardened by W4, W9, W17, W18, W23).
struct InventoryRoutes: Sendable {
    let transactions: HouseholdTransactions
    let lookup: ProductLookup

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.get { request, context in
            let page = try ListPage(query: request.query)
            let items = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID else { return [InventoryRecord]() }
                return try await InventoryRecord.all(householdID: householdID, in: executor, orderBy: "i.created_at, i.id\(page.sql)")
            }
            return Response.json(.array(items.map { $0.json(.full) }))
        }
        group.get("expiring") { request, context in
            let days = try DayCount.parse(request.query("days"), default: 7)
            return try await dated(userID: try context.requireUser(), request: request) { today in
                ("AND i.expiration_date >= ? AND i.expiration_date <= ?", [.text(today), .text(PantryTime.date(today, plusDays: days))], "i.expiration_date ASC, i.id")
            }
        }
        group.get("expired") { request, context in
            try await dated(userID: try context.requireUser(), request: request) { today in
                ("AND i.expiration_date < ?", [.text(today)], "i.expiration_date DESC, i.id")
            }
        }
        group.post { request, context in
            let draft = try InventoryDraft(fields: try await RequestFields.read(request, context: context))
            return try await transactions.answer(userID: try context.requireUser()) { write in
                let outcome = try await InventoryService.add(draft, in: write)
                if case .created(let item) = outcome { return PantryAnswer(item.json(.full), status: .created) }
                return PantryAnswer(outcome.item.json(.full))
            }
        }
        group.post("quick-add") { request, context in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard let upc = try fields.text("upc") else { throw PantryError.badRequest("UPC is required") }
            var draft = try InventoryDraft(fields: fields)
            draft.notes = nil
            guard draft.locationID != nil else { throw PantryError.locationRequired }
            let product: ProductRecord
            switch try await lookup.find(upc: upc, userID: userID) {
            case .local(let found), .provider(let found): product = found
            case .notFound:
                throw PantryError.notFound("Product not found", details: ["upc": upc, "requiresCustomProduct": "true"])
            }
            draft.productID = product.id
            let resolved = draft
            return try await transactions.answer(userID: userID) { write in
                let outcome = try await InventoryService.add(resolved, in: write)
                let action = if case .created = outcome { "created" } else { "updated" }
                let status: HTTPResponse.Status = if case .replayed = outcome { .ok } else { .created }
                return PantryAnswer(["item": outcome.item.json(.standard), "action": .string(action)], status: status)
            }
        }
        group.put(":id") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.inventoryItemNotFound) { write in
                PantryAnswer(try await InventoryService.edit(id: id, fields: fields, in: write).json(.standard))
            }
        }
        group.patch(":id/quantity") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let value = fields.object["adjustment"], value.doubleValue != nil else {
                throw PantryError.badRequest("Adjustment must be a number")
            }
            guard let adjustment = try? fields.integer("adjustment"), adjustment != 0,
                (-InventoryDraft.maxQuantity...InventoryDraft.maxQuantity).contains(adjustment)
            else {
                throw PantryError.invalidField("Adjustment must be a non-zero whole number from -\(InventoryDraft.maxQuantity) to \(InventoryDraft.maxQuantity)")
            }
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.inventoryItemNotFound) { write in
                switch try await InventoryService.adjust(id: id, by: adjustment, in: write) {
                case .updated(let item): return PantryAnswer(item.json(.productOnly))
                case .deleted(let id, let added): return PantryAnswer(["deleted": true, "id": .string(id), "addedToGrocery": .bool(added)])
                }
            }
        }
        group.delete(":id") { _, context in
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.inventoryItemNotFound) { write in
                try await InventoryService.remove(id: id, in: write)
                return PantryAnswer(["success": true])
            }
        }
    }

    /// Items filtered by expiration relative to "today" in the household's zone, or the
    /// zone the request names in `X-Timezone` (W23).
    private func dated(
        userID: String, request: Request, _ filter: @Sendable @escaping (String) -> (String, [SQLValue], String)
    ) async throws -> Response {
        let override = request.headers[HouseholdZone.header]
        let now = transactions.clock.now
        let items = try await transactions.read(userID: userID) { householdID, executor in
            guard let householdID, let household = try await HouseholdRecord.find(id: householdID, in: executor) else { return [InventoryRecord]() }
            let offset = try HouseholdZone.offsetSeconds(override ?? household.timezone, at: now)
            let (condition, arguments, order) = filter(PantryTime.calendarDate(now, offsetSeconds: offset))
            return try await InventoryRecord.all(householdID: householdID, in: executor, where: condition, arguments, orderBy: order)
        }
        return Response.json(.array(items.map { $0.json(.standard) }))
    }
}
