import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Guest invitation links (spec §4.5.2): the host mints one link per guest; the guest's
/// two public RPCs go through ``GuestRSVP``, which the `/g/…` pages share.
extension EventService {
    var rsvp: GuestRSVP { GuestRSVP(components: components) }

    /// `NOT_FOUND` for an event the caller cannot see — except the caller's own AI draft,
    /// which exists but cannot be invited to yet (`FAILED_PRECONDITION`, §4.5.2, §4.10).
    static func invitableEvent(_ eventID: String, caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> EventAccess {
        guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else {
            if let event = try await EventStore.event(eventID, sql), event.isAIDraft, event.ownerID == caller.userID {
                throw RPCFailure.precondition("an AI draft cannot be invited to; publish it first")
            }
            throw RPCFailure.notFound("event")
        }
        guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot invite guests") }
        return access
    }

    func createGuestInvitation(
        request: Rushday_V1_CreateGuestInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_GuestInvitation {
        let caller = try Principal.requireCaller()
        let guestID = try FieldRules.id(request.guestID, "guest_id")
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let message = try request.hasMessage ? FieldRules.optionalText(request.message, "message", maximum: 2000) : nil
        let replaceMessage = request.hasMessage
        let ring = try await components.invitationKeys.ring()
        let now = clock.now
        let invitation = try await database.transaction { sql in
            _ = try await Self.invitableEvent(eventID, caller: caller, sql)
            guard var guest = try await GuestStore.guest(guestID, sql), guest.eventID == eventID else { throw RPCFailure.notFound("guest") }
            let proposal = GuestInvitationRecord(
                id: UUID().uuidString.lowercased(), guestID: guestID, eventID: eventID, keyID: ring.current.id, message: message, now: now)
            guard var invitation = try await GuestInvitationStore.insertOrExisting(proposal, sql) else {
                throw RPCFailure.notFound("guest")
            }
            let retiredKey = ring.key(invitation.keyID) == nil
            if invitation.id != proposal.id && (replaceMessage || retiredKey) {
                if replaceMessage { invitation.message = message }
                // A link signed with a key no longer configured is re-signed with the current one.
                if retiredKey { invitation.keyID = ring.current.id }
                invitation.updatedAt = max(now, invitation.updatedAt)
                try await GuestInvitationStore.update(invitation, sql)
            }
            if guest.status == .notInvited {
                guest.status = .invited
                guest.invitedAt = now
                guest.updatedAt = max(now, guest.updatedAt)
                try await GuestStore.update(guest, sql)
            }
            return invitation
        }
        guard let key = ring.key(invitation.keyID), let uuid = UUID(uuidString: invitation.id) else {
            throw RPCError(code: .internalError, message: "internal error")
        }
        let code = InvitationCode.encode(invitationID: uuid, key: key)
        var response = Rushday_V1_GuestInvitation()
        response.id = invitation.id
        response.guestID = invitation.guestID
        response.eventID = invitation.eventID
        response.encodedData = code
        response.inviteLink = components.publicBase + "/g/" + code
        if let message = invitation.message { response.message = message }
        response.createdAt = .init(invitation.createdAt)
        return response
    }

    func getPublicGuestInvitation(
        request: Rushday_V1_GetPublicGuestInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublicGuestInvitation {
        try await rsvp.invitation(code: request.encodedData, address: PublicCallLimits.address(ofPeer: context.remotePeer)).proto
    }

    func respondToGuestInvitation(
        request: Rushday_V1_RespondToGuestInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublicGuestInvitation {
        try await rsvp.respond(
            code: request.encodedData, answer: request.response, accompany: request.hasAccompany ? request.accompany : nil,
            address: PublicCallLimits.address(ofPeer: context.remotePeer)
        ).proto
    }
}
