/// Optional `limit` (1…500) and `offset` of list endpoints (W2); without them, everything.
struct ListPage: Sendable, Hashable {
    var limit: Int?
    var offset: Int

    static let all = ListPage(limit: nil, offset: 0)
    static let maxLimit = 500

    init(limit: Int?, offset: Int) {
        self.limit = limit
        self.offset = offset
    }

    init(query: (String) -> String?) throws {
        func number(_ name: String) throws -> Int? {
            guard let text = query(name) else { return nil }
            guard let value = Int(text), value >= 0 else { throw PantryError.invalidField("\(name) must be a whole number") }
            return value
        }
        limit = try number("limit").map { min(max($0, 1), Self.maxLimit) }
        offset = try number("offset") ?? 0
    }

    /// ` LIMIT n OFFSET m` (both engines), or nothing.
    var sql: String {
        guard let limit else { return offset > 0 ? " LIMIT 1000000000 OFFSET \(offset)" : "" }
        return " LIMIT \(limit) OFFSET \(offset)"
    }
}
