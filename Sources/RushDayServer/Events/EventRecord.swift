import HearthCore
import HearthStore

/// One row of `rd_events` with its owner's current name (spec §3.3 `Event`).
struct EventRecord: Sendable, Hashable {
    var id: String
    var ownerID: String?
    var ownerName: String?
    var name: String
    var type: String
    var date: Timestamp
    var endDate: Timestamp?
    var isAllDay: Bool
    var isDraft: Bool
    var isAIDraft: Bool
    var venue: String?
    var customIdea: String?
    var themeIdea: String?
    var image: String?
    var inviteMessage: String?
    var plannedGuestCount: Int?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    /// The columns of `rd_events` aliased `e`, and the owner's name from `rd_users` aliased `u`.
    static let selection = """
        SELECT e.id, e.owner_id, u.name AS owner_name, e.name, e.type, e.date, e.end_date, e.is_all_day, e.is_draft, e.is_ai_draft,
            e.venue, e.custom_idea, e.theme_idea, e.image, e.invite_message, e.planned_guest_count, e.created_at, e.updated_at
        FROM rd_events e LEFT JOIN rd_users u ON u.id = e.owner_id
        """

    init(
        id: String, ownerID: String?, name: String, type: String, date: Timestamp, endDate: Timestamp?, isAllDay: Bool, isDraft: Bool,
        venue: String?, customIdea: String?, themeIdea: String?, image: String?, inviteMessage: String?, now: Timestamp
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.type = type
        self.date = date
        self.endDate = endDate
        self.isAllDay = isAllDay
        self.isDraft = isDraft
        self.isAIDraft = false
        self.venue = venue
        self.customIdea = customIdea
        self.themeIdea = themeIdea
        self.image = image
        self.inviteMessage = inviteMessage
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        ownerID = try row.optionalString("owner_id")
        ownerName = try row.optionalString("owner_name")
        name = try row.string("name")
        type = try row.string("type")
        date = try row.timestamp("date")
        endDate = try row.optionalTimestamp("end_date")
        isAllDay = try row.bool("is_all_day")
        isDraft = try row.bool("is_draft")
        isAIDraft = try row.bool("is_ai_draft")
        venue = try row.optionalString("venue")
        customIdea = try row.optionalString("custom_idea")
        themeIdea = try row.optionalString("theme_idea")
        image = try row.optionalString("image")
        inviteMessage = try row.optionalString("invite_message")
        plannedGuestCount = try row.optionalInt("planned_guest_count").map { Int($0) }
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    /// The values of every stored column, in the order of ``EventStore``'s statements.
    var columnValues: [SQLValue] {
        [
            .text(name), .text(type), SQLValue(date), SQLValue(endDate), SQLValue(isAllDay), SQLValue(isDraft), SQLValue(isAIDraft),
            SQLValue(venue), SQLValue(customIdea), SQLValue(themeIdea), SQLValue(image), SQLValue(inviteMessage),
            SQLValue(plannedGuestCount.map { Int64($0) }), SQLValue(updatedAt),
        ]
    }
}
