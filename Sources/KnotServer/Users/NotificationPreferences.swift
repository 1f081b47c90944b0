import Foundation
import HearthCore
import HearthServer
import Hummingbird

/// A user's reminder settings (spec §5.7): on/off, quiet hours and time zone.
struct NotificationPreferences: Sendable, Hashable {
    var notificationsEnabled: Bool
    var quietHoursStart: Int64
    var quietHoursEnd: Int64
    var timezone: String?

    var json: JSONValue {
        [
            "notifications_enabled": .bool(notificationsEnabled), "quiet_hours_start": .int(quietHoursStart),
            "quiet_hours_end": .int(quietHoursEnd), "timezone": timezone.map(JSONValue.string) ?? .null,
        ]
    }

    /// The body of `PUT …/notification-preferences`: each field absent or `null` is left
    /// unchanged [DECISION]; hours are whole numbers 0…23, the zone an IANA identifier.
    struct Change: Sendable, Hashable {
        static let hours: ClosedRange<Int64> = 0...23
        /// The longest IANA identifier is about 30 characters.
        static let maxTimeZoneLength = 64
        static let maxBodyBytes = 4 * 1024

        var notificationsEnabled: Bool?
        var quietHoursStart: Int64?
        var quietHoursEnd: Int64?
        var timezone: String?

        init(notificationsEnabled: Bool? = nil, quietHoursStart: Int64? = nil, quietHoursEnd: Int64? = nil, timezone: String? = nil) {
            self.notificationsEnabled = notificationsEnabled
            self.quietHoursStart = quietHoursStart
            self.quietHoursEnd = quietHoursEnd
            self.timezone = timezone
        }

        init(_ body: BodyFields) throws {
            notificationsEnabled = try body.optionalBool("notifications_enabled")
            quietHoursStart = try body.optionalInt("quiet_hours_start", in: Self.hours)
            quietHoursEnd = try body.optionalInt("quiet_hours_end", in: Self.hours)
            if let zone = body.value("timezone") {
                guard let text = zone.value.stringValue, text.unicodeScalars.count <= Self.maxTimeZoneLength,
                    Self.isTimeZone(text)
                else { throw APIError.invalidField("timezone", "timezone must be a valid IANA time zone such as America/New_York") }
                timezone = text
            }
        }

        static func read(_ request: Request, context: HearthRequestContext) async throws -> Change {
            try Change(try await KnotRequestBody.object(request, context: context, limit: maxBodyBytes))
        }

        static func isTimeZone(_ identifier: String) -> Bool {
            !identifier.isEmpty && TimeZone(identifier: identifier) != nil
        }

        func applied(to current: NotificationPreferences) -> NotificationPreferences {
            NotificationPreferences(
                notificationsEnabled: notificationsEnabled ?? current.notificationsEnabled,
                quietHoursStart: quietHoursStart ?? current.quietHoursStart, quietHoursEnd: quietHoursEnd ?? current.quietHoursEnd,
                timezone: timezone ?? current.timezone)
        }
    }
}
