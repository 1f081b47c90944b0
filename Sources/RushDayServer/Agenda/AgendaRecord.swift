import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_agenda` (spec §3.3 `Agenda`, §4.6).
struct AgendaRecord: Sendable, Hashable {
    static let millisecondsPerDay: Int64 = 86_400_000

    var id: String
    var eventID: String
    var title: String
    var notes: String?
    var date: Timestamp
    var startTime: Timestamp
    var endTime: Timestamp?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns = "id, event_id, title, notes, date, start_time, end_time, created_at, updated_at"

    /// A new item; `date` `nil` → the UTC calendar day of `startTime`.
    init(
        id: String, eventID: String, title: String, notes: String?, date: Timestamp?, startTime: Timestamp, endTime: Timestamp?,
        now: Timestamp
    ) {
        self.id = id
        self.eventID = eventID
        self.title = title
        self.notes = notes
        self.date = date ?? Self.utcDay(of: startTime)
        self.startTime = startTime
        self.endTime = endTime
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        title = try row.string("title")
        notes = try row.optionalString("notes")
        date = try row.timestamp("date")
        startTime = try row.timestamp("start_time")
        endTime = try row.optionalTimestamp("end_time")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    /// Midnight UTC of the day holding `time`.
    static func utcDay(of time: Timestamp) -> Timestamp {
        let milliseconds = time.millisecondsSince1970
        let remainder = milliseconds % millisecondsPerDay
        return Timestamp(millisecondsSince1970: milliseconds - (remainder < 0 ? remainder + millisecondsPerDay : remainder))
    }

    var message: Rushday_V1_Agenda {
        var message = Rushday_V1_Agenda()
        message.id = id
        message.eventID = eventID
        message.title = title
        if let notes { message.notes = notes }
        message.date = .init(date)
        message.startTime = .init(startTime)
        if let endTime { message.endTime = .init(endTime) }
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        return message
    }
}
