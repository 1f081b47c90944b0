import GRPCCore
import HearthCore
import RushDayProto
import SwiftProtobuf

/// The validated fields of `CreateEvent` and `UpdateEvent` (spec §2.5, §2.7).
enum EventInput {
    static let earliestDate = Timestamp(millisecondsSince1970: 946_684_800_000)  // 2000-01-01T00:00:00Z
    static let endOfLatestDay = Timestamp(millisecondsSince1970: 4_133_980_800_000)  // 2101-01-01T00:00:00Z

    static func name(_ value: String) throws(RPCError) -> String { try FieldRules.text(value, "name", 1...200) }

    /// `type`: 1–50 after trimming; `nil` when empty (create: `"custom"`, update: unchanged).
    static func type(_ value: String) throws(RPCError) -> String? {
        let trimmed = try FieldRules.text(value, "type", 0...50)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func date(_ value: Google_Protobuf_Timestamp, present: Bool) throws(RPCError) -> Timestamp {
        guard present else { throw RPCFailure.invalid("date", "required") }
        let date = value.hearthTimestamp
        guard date >= earliestDate, date < endOfLatestDay else { throw RPCFailure.invalid("date", "must be between 2000-01-01 and 2100-12-31") }
        return date
    }

    static func endDate(_ value: Google_Protobuf_Timestamp, present: Bool, after date: Timestamp) throws(RPCError) -> Timestamp? {
        guard present else { return nil }
        let end = value.hearthTimestamp
        guard end < endOfLatestDay else { throw RPCFailure.invalid("end_date", "must be on or before 2100-12-31") }
        guard end >= date else { throw RPCFailure.invalid("end_date", "must not be before date") }
        return end
    }

    static func venue(_ value: String?) throws(RPCError) -> String? { try FieldRules.optionalText(value, "venue", maximum: 500) }

    static func idea(_ value: String?, _ field: String) throws(RPCError) -> String? {
        try FieldRules.optionalText(value, field, maximum: 2000)
    }
}
