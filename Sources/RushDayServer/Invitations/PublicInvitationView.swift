import RushDayProto

/// An event's public invitation as anyone with the link sees it (spec §4.10): the event's
/// name, dates, venue, cover, message and host — no guest or co-host data.
struct PublicInvitationView: Sendable {
    let invitation: InvitationRecord
    let event: EventRecord

    /// The invitation's message, else the event's `invite_message`, else "".
    var message: String { invitation.message ?? event.inviteMessage ?? "" }
    var hostName: String { event.ownerName ?? "" }

    var proto: Rushday_V1_PublicInvitation {
        var message = Rushday_V1_PublicInvitation()
        message.id = invitation.id
        message.name = event.name
        message.date = .init(event.date)
        message.location = event.venue ?? ""
        message.image = event.image ?? ""
        if let endDate = event.endDate { message.endDate = .init(endDate) }
        message.isAllDay = event.isAllDay
        message.message = self.message
        message.hostName = hostName
        message.eventType = event.type
        return message
    }
}
