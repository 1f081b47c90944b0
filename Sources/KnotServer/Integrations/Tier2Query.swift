/// Query strings and shared bits of the Tier 2 clients' requests (spec §10.2).
enum Tier2Query {
    /// `name=value&…`, each part percent-encoded except RFC 3986 unreserved characters.
    static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(CandidateAggregation.percentEncoded($0.name))=\(CandidateAggregation.percentEncoded($0.value))" }
            .joined(separator: "&")
    }

    /// `base + path + "?" + query`, without a doubled slash when `base` ends with one.
    static func url(base: String, path: String, _ items: [(name: String, value: String)]) -> String {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        let query = encode(items)
        return trimmed + path + (query.isEmpty ? "" : "?" + query)
    }

    /// A configured secret: `nil` when missing or blank.
    static func configured(_ value: String?) -> String? {
        guard let value, !value.allSatisfy(\.isWhitespace) else { return nil }
        return value
    }
}
