/// The one PostgREST read the app makes (spec §4.5): `select=id` with an optional `limit`
/// and `offset`. Anything else is refused with `PGRST100` rather than half understood.
struct PostgRESTQuery: Sendable, Hashable {
    /// PostgREST takes any size; bounded here because at most one row can match anyway.
    static let maxNumber = 1_000_000_000

    var limit: Int?
    var offset: Int

    init(limit: Int? = nil, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    init(parameters: [(name: String, value: String)]) throws(PostgRESTError) {
        var select: String?
        var limit: Int?
        var offset = 0
        for (name, value) in parameters {
            switch name {
            case "select":
                guard select == nil else { throw .unsupported("select is given twice") }
                select = value
            case "limit":
                guard limit == nil else { throw .unsupported("limit is given twice") }
                limit = try Self.number(value, name)
            case "offset":
                offset = try Self.number(value, name)
            default:
                throw .unsupported("query parameter '\(name.prefix(64))' is not supported")
            }
        }
        guard select?.filter({ !$0.isWhitespace }) == "id" else {
            throw .unsupported("only select=id is supported on partner_vaults")
        }
        self.limit = limit
        self.offset = offset
    }

    private static func number(_ text: String, _ name: String) throws(PostgRESTError) -> Int {
        guard let value = Int(text), (0...maxNumber).contains(value) else {
            throw .unsupported("\(name) must be a non-negative integer")
        }
        return value
    }

    /// The part of `rows` this query asks for.
    func page<T>(_ rows: [T]) -> [T] {
        let start = min(offset, rows.count)
        let end = limit.map { min(rows.count, start + $0) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// PostgREST's `Content-Range`: `first-last/total`, or `*/total` for an empty page;
    /// the total is `*` unless a count was asked for (`Prefer: count=…`).
    func contentRange(returned: Int, total: Int?) -> String {
        let totalText = total.map(String.init) ?? "*"
        guard returned > 0 else { return "*/\(totalText)" }
        return "\(offset)-\(offset + returned - 1)/\(totalText)"
    }
}
