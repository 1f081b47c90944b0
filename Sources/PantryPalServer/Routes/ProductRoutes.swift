import HearthCore
import HearthServer
import Hummingbird

/// `/api/products` (spec §2.3 hardened by W4, W13, W18).
struct ProductRoutes: Sendable {
    let transactions: HouseholdTransactions
    let lookup: ProductLookup
    let lookupLimiter: RateLimiter

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.get("lookup/:upc") { _, context in
            let userID = try context.requireUser()
            if case .limited(let seconds) = try await lookupLimiter.consume(userID) {
                throw PantryRateLimit.limited(retryAfterSeconds: seconds, type: .upcLookup)
            }
            let upc = try context.pantryParameter("upc").trimmed
            guard !upc.isEmpty, upc.count <= 64 else { throw PantryError.badRequest("UPC is required") }
            switch try await lookup.find(upc: upc, userID: userID) {
            case .local(let product): return Response.json(["found": true, "product": product.json, "source": "local"])
            case .provider(let product): return Response.json(["found": true, "product": product.json, "source": "api"])
            case .notFound: return Response.json(["found": false, "upc": .string(upc)])
            }
        }
        group.post { request, context in
            let draft = try ProductService.Draft(fields: try await RequestFields.read(request, context: context))
            return try await transactions.answer(userID: try context.requireUser()) { write in
                switch try await ProductService.create(draft, in: write) {
                case .created(let product): return PantryAnswer(product.json, status: .created)
                case .updated(let product), .replayed(let product): return PantryAnswer(product.json)
                }
            }
        }
        group.get { request, context in
            let page = try ListPage(query: request.query)
            let products = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                try await executor.query(
                    """
                    SELECT \(ProductRecord.columns) FROM pp_products WHERE deleted_at IS NULL AND (household_id IS NULL OR household_id = ?)
                    ORDER BY created_at DESC, id\(page.sql)
                    """, [.init(householdID)]
                ).map(ProductRecord.init(row:))
            }
            return Response.json(.array(products.map(\.json)))
        }
        group.get(":id") { _, context in
            let id = try context.pantryParameter("id")
            let product = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                try await ProductRecord.findVisible(id: id, householdID: householdID, in: executor)
            }
            guard let product else { throw PantryError.productNotFound }
            return Response.json(product.json)
        }
        group.put(":id") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.productNotFound) { write in
                PantryAnswer(try await ProductService.edit(id: id, fields: fields, in: write).json)
            }
        }
        group.delete(":id") { _, context in
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.productNotFound) { write in
                try await ProductService.delete(id: id, in: write)
                return PantryAnswer(["success": true])
            }
        }
    }
}
