import GRPCCore

/// `page`/`limit` of spec §2.8: 1-based pages (0 → 1), `limit` 0 → default, above the
/// maximum → clamped; negative values are refused.
struct Paging: Sendable, Hashable {
    let page: Int
    let limit: Int

    var offset: Int { (page - 1) * limit }

    init(page: Int32, limit: Int32, defaultLimit: Int, maximum: Int) throws(RPCError) {
        guard page >= 0 else { throw RPCFailure.invalid("page", "must not be negative") }
        guard limit >= 0 else { throw RPCFailure.invalid("limit", "must not be negative") }
        self.page = max(1, Int(page))
        self.limit = limit == 0 ? defaultLimit : min(Int(limit), maximum)
    }

    static func events(page: Int32, limit: Int32) throws(RPCError) -> Paging {
        try Paging(page: page, limit: limit, defaultLimit: 20, maximum: 100)
    }
}
