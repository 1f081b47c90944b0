import Foundation
import ListAllKit

/// "Now" and the time zone of an export: `SOURCE_DATE_EPOCH` (the reproducible-output
/// convention) and `TZ` when set.
struct ExportClock {
    let now: Date
    let timeZone: TimeZone

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else {
                throw CommandError("SOURCE_DATE_EPOCH must be whole seconds since 1970, e.g. 1736985600; it is '\(epoch)'.")
            }
            now = Date(timeIntervalSince1970: TimeInterval(seconds))
        } else {
            now = Date()
        }
        timeZone = environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
    }

    var humanDate: HumanDateFormat { .standard(timeZone: timeZone) }
}
