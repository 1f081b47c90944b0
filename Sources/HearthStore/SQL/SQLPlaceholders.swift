/// Placeholder lists for statements whose number of values varies.
///
/// Lists are padded to a power of two, so a handful of statement shapes serve every
/// batch size and each stays prepared in the engine's statement cache.
public enum SQLPlaceholders {
    /// `?, ?, …` for `count` values after padding (see ``padded(_:)``).
    public static func list(padding count: Int) -> String {
        Array(repeating: "?", count: paddedCount(count)).joined(separator: ", ")
    }

    /// `values`, with the last one repeated up to the padded count (harmless in `IN (…)`).
    public static func padded(_ values: [SQLValue]) -> [SQLValue] {
        guard let last = values.last else { return values }
        return values + Array(repeating: last, count: paddedCount(values.count) - values.count)
    }

    static func paddedCount(_ count: Int) -> Int {
        var width = 1
        while width < count { width *= 2 }
        return width
    }
}
