import HearthCore
import HearthStore

/// What the household took out, and when (spec §2.6 history and stats, W2, W18).
enum CheckoutHistory {
    struct Query: Sendable {
        var start: String?
        var end: String?
        var limit: Int
        var offset: Int

        init(query: (String) -> String?) throws {
            func instant(_ name: String, endOfDay: Bool) throws -> String? {
                guard let text = query(name), !text.isEmpty else { return nil }
                guard let time = PantryTime.parseInstant(text) else {
                    throw PantryError.invalidField("\(name) must be an ISO 8601 date or time")
                }
                let dateOnly = text.count == 10
                return PantryTime.isoMillis(dateOnly && endOfDay ? time.adding(milliseconds: 86_400_000 - 1) : time)
            }
            start = try instant("startDate", endOfDay: false)
            end = try instant("endDate", endOfDay: true)
            func number(_ name: String, default value: Int) throws -> Int {
                guard let text = query(name) else { return value }
                guard let number = Int(text) else { throw PantryError.invalidField("\(name) must be a whole number") }
                return number
            }
            limit = min(max(try number("limit", default: 50), 1), 200)
            offset = max(try number("offset", default: 0), 0)
        }
    }

    static func page(householdID: String, query: Query, in executor: any SQLExecutor) async throws -> JSONValue {
        var condition = "h.household_id = ?"
        var arguments: [SQLValue] = [.text(householdID)]
        if let start = query.start {
            condition += " AND h.checked_out_at >= ?"
            arguments.append(.text(start))
        }
        if let end = query.end {
            condition += " AND h.checked_out_at <= ?"
            arguments.append(.text(end))
        }
        let from = "FROM pp_checkout_history h JOIN pp_products p ON p.id = h.product_id JOIN pp_users u ON u.id = h.user_id WHERE \(condition)"
        let rows = try await executor.query(
            """
            SELECT h.id, h.inventory_id, h.product_id, h.household_id, h.user_id, h.quantity, h.checked_out_at,
                   p.name AS product_name, p.brand AS product_brand, p.image_url AS product_image, u.first_name, u.last_name
            \(from) ORDER BY h.checked_out_at DESC, h.id DESC LIMIT \(query.limit) OFFSET \(query.offset)
            """, arguments)
        let total = try await executor.queryFirst("SELECT COUNT(*) AS n \(from)", arguments)?.int("n") ?? 0
        let history: [JSONValue] = try rows.map { row in
            let first = try row.optionalString("first_name")
            let last = try row.optionalString("last_name")
            return [
                "id": .string(try row.string("id")), "inventory_id": .init(try row.optionalString("inventory_id")),
                "product_id": .string(try row.string("product_id")), "household_id": .string(try row.string("household_id")),
                "user_id": .string(try row.string("user_id")), "quantity": .int(try row.int("quantity")),
                "checked_out_at": .string(try row.string("checked_out_at")), "product_name": .string(try row.string("product_name")),
                "product_brand": .init(try row.optionalString("product_brand")), "product_image": .init(try row.optionalString("product_image")),
                "user_name": first.flatMap { first in last.map { "\(first) \($0)" } }.map(JSONValue.string) ?? .null,
            ]
        }
        return [
            "history": .array(history),
            "pagination": ["total": .int(total), "limit": .int(Int64(query.limit)), "offset": .int(Int64(query.offset))],
        ]
    }

    static func stats(householdID: String, days: Int, now: Timestamp, in executor: any SQLExecutor) async throws -> JSONValue {
        let since = PantryTime.isoMillis(now.adding(seconds: -Int64(days) * 86_400))
        let scope = "FROM pp_checkout_history h WHERE h.household_id = ? AND h.checked_out_at >= ?"
        let arguments: [SQLValue] = [.text(householdID), .text(since)]
        let totals = try await executor.queryFirst("SELECT COUNT(*) AS n, CAST(COALESCE(SUM(h.quantity), 0) AS BIGINT) AS q \(scope)", arguments)
        let top = try await executor.query(
            """
            SELECT p.id, p.name, p.brand, CAST(SUM(h.quantity) AS BIGINT) AS total_consumed
            FROM pp_checkout_history h JOIN pp_products p ON p.id = h.product_id
            WHERE h.household_id = ? AND h.checked_out_at >= ?
            GROUP BY p.id, p.name, p.brand ORDER BY total_consumed DESC, p.name LIMIT 10
            """, arguments)
        let byDay = try await executor.query(
            "SELECT SUBSTR(h.checked_out_at, 1, 10) AS day, CAST(SUM(h.quantity) AS BIGINT) AS total \(scope) GROUP BY SUBSTR(h.checked_out_at, 1, 10) ORDER BY day DESC",
            arguments)
        return [
            "period": .string("Last \(days) days"), "totalCheckouts": .int(try totals?.int("n") ?? 0),
            "totalQuantity": .int(try totals?.int("q") ?? 0),
            "topProducts": .array(try top.map { row in
                [
                    "id": .string(try row.string("id")), "name": .string(try row.string("name")),
                    "brand": .init(try row.optionalString("brand")), "total_consumed": .int(try row.int("total_consumed")),
                ]
            }),
            "byDay": .array(try byDay.map { row in ["date": .string(try row.string("day")), "total": .int(try row.int("total"))] }),
        ]
    }
}
