import GRPCCore
import HearthCore
import SwiftProtobuf

/// The validated fields of `CreateAgenda` and `UpdateAgenda` (spec §2.5, §2.7, §4.6).
struct AgendaInput: Sendable, Hashable {
    static let maxItemsPerEvent = 500

    var title: String
    var notes: String?
    /// `nil` → the UTC day of `startTime`.
    var date: Timestamp?
    var startTime: Timestamp
    var endTime: Timestamp?

    init(
        title: String, notes: String?, date: Google_Protobuf_Timestamp?, startTime: Google_Protobuf_Timestamp?,
        endTime: Google_Protobuf_Timestamp?
    ) throws(RPCError) {
        self.title = try FieldRules.text(title, "title", 1...200)
        self.notes = try FieldRules.optionalText(notes, "notes", maximum: 2000)
        self.date = try TimestampInput.optional(date ?? .init(), present: date != nil, "date")
        let start = try TimestampInput.required(startTime ?? .init(), present: startTime != nil, "start_time")
        let end = try TimestampInput.optional(endTime ?? .init(), present: endTime != nil, "end_time")
        if let end, end <= start { throw RPCFailure.invalid("end_time", "must be after start_time") }
        self.startTime = start
        self.endTime = end
    }
}
