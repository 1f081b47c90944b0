import HearthCore

/// The timestamp strings of the original backend's documents.
///
/// The server writes `2025-03-04T10:15:30.123000+00:00` (always six fractional digits);
/// the PWA writes milliseconds with `Z`, the iOS app whole seconds with `Z`. Incoming
/// strings keep their precision so last-write-wins can compare like with like.
public struct LegacyTimestamp: Sendable, Hashable {
    public let instant: Timestamp
    /// Fractional-second digits written in the source string (0 for whole seconds).
    public let fractionDigits: Int

    public init?(_ text: String) {
        guard text.utf8.count <= 64, let instant = Timestamp(iso8601: text) else { return nil }
        self.instant = instant
        fractionDigits = Self.fractionDigits(in: text)
    }

    /// The server's own format for `instant`.
    public static func format(_ instant: Timestamp) -> String {
        let iso = instant.iso8601  // 2025-03-04T10:15:30.123Z
        return String(iso.dropLast()) + "000+00:00"
    }

    /// The `Z` form with microseconds, as the original share endpoint writes it.
    public static func formatZulu(_ instant: Timestamp) -> String {
        String(instant.iso8601.dropLast()) + "000Z"
    }

    /// `instant` cut down to `digits` fractional digits (at most milliseconds are stored).
    public func truncated(toFractionDigits digits: Int) -> Timestamp {
        let unit: Int64 = digits >= 3 ? 1 : digits == 2 ? 10 : digits == 1 ? 100 : 1000
        let milliseconds = instant.millisecondsSince1970
        let floored = milliseconds - ((milliseconds % unit) + unit) % unit
        return Timestamp(millisecondsSince1970: floored)
    }

    private static func fractionDigits(in text: String) -> Int {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].prefix(while: \.isNumber).count
    }
}

extension LegacyTimestamp {
    /// Parses stored timestamps leniently: a value without an offset is taken as UTC
    /// (the original crashed comparing such values, spec §8.33).
    static func tolerant(_ text: String) -> Timestamp? {
        if let parsed = LegacyTimestamp(text) { return parsed.instant }
        if text.count == 10 { return Timestamp(iso8601: text + "T00:00:00Z") }
        return Timestamp(iso8601: text + "Z")
    }
}
