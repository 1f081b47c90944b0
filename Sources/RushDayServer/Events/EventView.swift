import RushDayProto

/// How an event is written for one caller (spec §4.2): `caller_role`, secrets only for
/// the owner and each entry's own user, invite links for the owner only.
struct EventView: Sendable {
    /// `<public base>/cohost/` — what a co-host secret is appended to.
    let coHostLinkPrefix: String

    func message(_ access: EventAccess, callerID: String) -> Rushday_V1_Event {
        let event = access.event
        var message = Rushday_V1_Event()
        message.id = event.id
        message.name = event.name
        message.date = .init(event.date)
        message.createdAt = .init(event.createdAt)
        message.updatedAt = .init(event.updatedAt)
        message.type = event.type
        message.userID = event.ownerID ?? ""
        if let ownerName = event.ownerName { message.ownerName = ownerName }
        message.isAllDay = event.isAllDay
        message.isDraft = event.isDraft
        if let endDate = event.endDate { message.endDate = .init(endDate) }
        if let venue = event.venue { message.venue = venue }
        if let customIdea = event.customIdea { message.customIdea = customIdea }
        if let themeIdea = event.themeIdea { message.themeIdea = themeIdea }
        if let image = event.image { message.image = image }
        if let inviteMessage = event.inviteMessage { message.inviteMessage = inviteMessage }
        if let count = event.plannedGuestCount { message.plannedGuestCount = Int32(clamping: count) }
        message.callerRole = access.role.rawValue
        message.isAiDraft = event.isAIDraft
        message.shared = access.entries.map { entry($0, role: access.role, callerID: callerID) }
        return message
    }

    func entry(_ entry: CoHostEntry, role: EventRole, callerID: String) -> Rushday_V1_SharedUser {
        var shared = Rushday_V1_SharedUser()
        shared.name = entry.name
        shared.accepted = entry.accepted
        if let userID = entry.userID { shared.userID = userID }
        shared.secret = role.isOwner || (entry.userID == callerID && entry.accepted) ? entry.secret : ""
        shared.accessRole = entry.accessRole.rawValue
        shared.invitedAt = .init(entry.invitedAt)
        if let acceptedAt = entry.acceptedAt { shared.acceptedAt = .init(acceptedAt) }
        if role.isOwner { shared.inviteLink = coHostLinkPrefix + entry.secret }
        return shared
    }
}
