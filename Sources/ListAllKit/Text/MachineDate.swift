import Foundation
import HearthCore
import Synchronization

/// The machine date of spec §0: ISO-8601 in UTC, whole seconds, a literal `Z`; fractions
/// are truncated (10:30:00.789 is written `10:30:00Z`). Reading accepts `Z` or `±hh:mm`
/// and fractional seconds (§10.10).
public enum MachineDate {
    public static func format(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let stamp = Timestamp(millisecondsSince1970: seconds * 1000).iso8601
        // `yyyy-MM-ddTHH:mm:ss.SSSZ` → drop `.SSS`.
        return String(stamp.dropLast(5)) + "Z"
    }

    public static func parse(_ text: String) -> Date? {
        Timestamp(iso8601: text)?.date
    }
}

/// Formats a date for people ("Jan 15, 2025 at 10:30 AM"): injected so exports are
/// reproducible and tests can stub it (spec §0, §10.11).
public struct HumanDateFormat: Sendable {
    public let format: @Sendable (Date) -> String

    public init(_ format: @escaping @Sendable (Date) -> String) {
        self.format = format
    }

    /// `en_US_POSIX`, medium date, short time, in `timeZone`. One formatter serves every
    /// call (making one costs more than formatting thousands of dates).
    public static func standard(timeZone: TimeZone = .current) -> HumanDateFormat {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        let shared = Mutex(formatter)
        return HumanDateFormat { date in shared.withLock { $0.string(from: date) } }
    }
}
