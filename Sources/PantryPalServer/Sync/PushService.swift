import HearthCore
import HearthServer
import HearthStore

/// `POST /sync/push` (spec §2.8 hardened by W6): the batch runs in one transaction that
/// holds the household, each change in its own savepoint through the same services as
/// REST — read-only rule, limits, ownership and validation included — and logged with the
/// client's timestamp. A refused change rolls back alone; the others, the change log and
/// the request's idempotency record commit together, once.
struct PushService: Sendable {
    static let maxChanges = 100

    let database: any HearthDatabase
    let clock: any WallClock

    /// A change whose fields parsed; the rest is decided against the household's data.
    private struct Change: Sendable {
        let entityID: String
        let type: String
        let action: String
        let clientTimestamp: String?
        let payload: RequestFields
    }

    private enum Parsed: Sendable {
        case change(Change)
        case refused(JSONValue)
    }

    func push(userID: String, changes: [JSONValue]) async throws -> JSONValue {
        guard changes.count <= Self.maxChanges else {
            throw APIError(.contentTooLarge, code: .batchTooLarge, message: "Too many changes")
        }
        let parsed = changes.map(Self.parse)
        let now = clock.now
        let claim = IdempotencyClaim.current
        return try await database.transaction { executor in
            let household: Result<HouseholdWrite, APIError>
            do {
                household = .success(try await HouseholdWrite.require(userID: userID, now: now, in: executor))
            } catch let error as APIError {
                household = .failure(error)
            }
            var results: [JSONValue] = []
            for change in parsed {
                switch (change, household) {
                case (.refused(let refusal), _): results.append(refusal)
                case (.change(let change), .failure(let error)): results.append(Self.failure(change.entityID, error))
                case (.change(let change), .success(let write)):
                    results.append(try await Self.apply(change, in: write))
                }
            }
            let body: JSONValue = ["results": .array(results), "serverTime": .string(PantryTime.isoMillis(now))]
            try await claim?.record(PantryAnswer(body), in: executor)
            return body
        }
    }

    private static func parse(_ change: JSONValue) -> Parsed {
        let entityID = change["entityId"]?.stringValue ?? ""
        do {
            guard let object = change.objectValue else { throw PantryError.invalidField("Each change must be an object") }
            let fields = RequestFields(object)
            guard !entityID.isEmpty, entityID.count <= 100 else { throw PantryError.invalidField("entityId is required") }
            return .change(
                Change(
                    entityID: entityID, type: try fields.string("entityType") ?? "", action: try fields.string("action") ?? "",
                    clientTimestamp: try fields.string("clientTimestamp").map { String($0.prefix(40)) },
                    payload: RequestFields(change["payload"]?.objectValue ?? [:])))
        } catch let error as APIError {
            return .refused(failure(entityID, error))
        } catch {
            return .refused(["entityId": .string(entityID), "success": false, "error": "Invalid change", "code": "VALIDATION_FAILED"])
        }
    }

    /// Applies one change in a savepoint and answers its result. An engine error (not a
    /// refusal) ends the whole batch: after some of them SQLite has already rolled the
    /// transaction back, and going on would write outside it.
    private static func apply(_ change: Change, in household: HouseholdWrite) async throws -> JSONValue {
        var write = household
        write.clientTimestamp = change.clientTimestamp ?? PantryTime.databaseText(household.now)
        do {
            let seq = try await write.executor.withSavepoint {
                try await apply(type: change.type, action: change.action, entityID: change.entityID, payload: change.payload, in: write)
                return try await HouseholdRecord.find(id: write.householdID, in: write.executor)?.changeSequence ?? 0
            }
            return ["entityId": .string(change.entityID), "success": true, "seq": .int(seq)]
        } catch let error as APIError {
            return failure(change.entityID, error)
        }
    }

    private static func failure(_ entityID: String, _ error: APIError) -> JSONValue {
        ["entityId": .string(entityID), "success": false, "error": .string(error.message), "code": .string(error.code.rawValue)]
    }

    private static func apply(type: String, action: String, entityID: String, payload: RequestFields, in write: HouseholdWrite) async throws {
        let withID = RequestFields(payload.object.merging(["id": .string(entityID)]) { _, id in id })
        var action = LoggedChange.Action(rawValue: action)
        // W6: a create of an entity the household already has updates it (elsewhere: ID_CONFLICT).
        if action == .create, try await Self.householdHas(type: type, id: entityID, in: write) { action = .update }
        switch (LoggedChange.EntityType(rawValue: type), action) {
        case (.inventory, .create): _ = try await InventoryService.add(try InventoryDraft(fields: withID), in: write)
        case (.inventory, .update): _ = try await InventoryService.edit(id: entityID, fields: payload, in: write)
        case (.inventory, .delete): try await InventoryService.remove(id: entityID, in: write)
        case (.product, .create): _ = try await ProductService.create(try ProductService.Draft(fields: withID), in: write)
        case (.product, .update): _ = try await ProductService.edit(id: entityID, fields: payload, in: write)
        case (.product, .delete): try await ProductService.delete(id: entityID, in: write)
        case (.location, .create):
            _ = try await LocationService.create(
                id: try withID.clientID(), name: try payload.string("name"), parentID: try payload.text("parentId"), in: write)
        case (.location, .update): _ = try await LocationService.edit(id: entityID, fields: payload, in: write)
        case (.location, .delete): try await LocationService.delete(id: entityID, in: write)
        case (.grocery, .create):
            var draft = try GroceryService.Draft(fields: payload)
            draft.clientID = entityID
            _ = try await GroceryService.add(draft, in: write)
        case (.grocery, .delete):
            guard let id = Int64(entityID), try await GroceryService.remove(where: "id = ?", .integer(id), in: write) > 0 else {
                throw PantryError.notFound("Item not found")
            }
        default:
            throw PantryError.badRequest("Unsupported entity type", code: "UNSUPPORTED_ENTITY")
        }
    }

    private static func householdHas(type: String, id: String, in write: HouseholdWrite) async throws -> Bool {
        let table: String
        switch LoggedChange.EntityType(rawValue: type) {
        case .inventory: table = "pp_inventory"
        case .location: table = "pp_locations"
        case .product: table = "pp_products"
        default: return false
        }
        return try await write.executor.queryFirst(
            "SELECT id FROM \(table) WHERE id = ? AND household_id = ?", [.text(id), .text(write.householdID)]) != nil
    }
}
