import HearthServer
import Hummingbird

/// `limit` and `offset` of the Knot API's lists (hints [PROPOSAL], notification history
/// §5.6): 1…100 (50), ≥ 0 (0); anything else is a FastAPI 422 naming the parameter.
struct PageQuery: Sendable, Hashable {
    static let limits: ClosedRange<Int> = 1...100
    static let defaultLimit = 50
    /// Far past any real list; keeps the arithmetic of a huge offset harmless.
    static let maxOffset = 1_000_000_000

    var limit: Int
    var offset: Int

    init(limit: Int = defaultLimit, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    /// From the request's query string (the first of a repeated parameter wins).
    init(_ request: Request) throws {
        try self.init(
            query: Dictionary(
                request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }

    init(query: [String: String]) throws {
        limit = try Self.number(query["limit"], name: "limit", in: Self.limits) ?? Self.defaultLimit
        offset = try Self.number(query["offset"], name: "offset", in: 0...Self.maxOffset) ?? 0
    }

    static func number(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text) else { throw APIError.invalidQuery(name, "Input should be a valid integer") }
        guard range.contains(value) else {
            throw APIError.invalidQuery(name, "Input should be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }
}
