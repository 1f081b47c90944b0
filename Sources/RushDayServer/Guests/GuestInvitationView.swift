import HearthCore
import RushDayProto

/// What a guest sees through their link (spec §4.5.2 `PublicGuestInvitation`): the event,
/// their own name and answer — never contact data, notes or other guests.
struct GuestInvitationView: Sendable {
    static let dayMilliseconds: Int64 = 86_400_000

    let event: EventRecord
    let guest: GuestRecord
    let invitationMessage: String?
    let now: Timestamp

    /// The invitation's message, else the event's `invite_message`.
    var message: String? { invitationMessage ?? event.inviteMessage }
    var hostName: String { event.ownerName ?? "" }
    var canRespond: Bool { !Self.hasEnded(event, now: now) }

    /// Ended: `end_date`, or `date` + 24 h without one, is in the past.
    static func hasEnded(_ event: EventRecord, now: Timestamp) -> Bool {
        let end = event.endDate ?? event.date.adding(milliseconds: dayMilliseconds)
        return end < now
    }

    var proto: Rushday_V1_PublicGuestInvitation {
        var message = Rushday_V1_PublicGuestInvitation()
        message.eventName = event.name
        message.eventDate = .init(event.date)
        if let endDate = event.endDate { message.endDate = .init(endDate) }
        message.isAllDay = event.isAllDay
        if let venue = event.venue { message.venue = venue }
        if let image = event.image { message.image = image }
        if let text = self.message { message.message = text }
        message.hostName = hostName
        message.guestName = guest.name
        message.guestStatus = guest.status.proto
        message.accompany = Int32(clamping: guest.accompany)
        if let respondedAt = guest.respondedAt { message.respondedAt = .init(respondedAt) }
        message.canRespond = canRespond
        message.eventType = event.type
        return message
    }
}
