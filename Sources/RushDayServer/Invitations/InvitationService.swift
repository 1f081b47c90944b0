import Foundation
import GRPCCore
import RushDayProto

/// `rushday.v1.InvitationService` (spec §4.10): one public invitation per event, whose
/// random id is its token; `link = <public base>/i/<id>`.
struct InvitationService: Rushday_V1_InvitationService.SimpleServiceProtocol {
    let components: RushDayComponents

    func createInvitation(
        request: Rushday_V1_CreateInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_Invitation {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let message = try request.hasMessage ? FieldRules.optionalText(request.message, "message", maximum: 2000) : nil
        let replaceMessage = request.hasMessage
        let now = components.services.clock.now
        let invitation = try await components.services.database.transaction { sql in
            _ = try await EventService.invitableEvent(eventID, caller: caller, sql)
            let proposal = InvitationRecord(
                id: UUID().uuidString.lowercased(), eventID: eventID, message: message, createdBy: caller.userID, now: now)
            guard var invitation = try await InvitationStore.insertOrExisting(proposal, sql) else { throw RPCFailure.notFound("event") }
            if invitation.id != proposal.id && replaceMessage {
                invitation.message = message
                invitation.updatedAt = max(now, invitation.updatedAt)
                try await InvitationStore.updateMessage(invitation, sql)
            }
            return invitation
        }
        var response = Rushday_V1_Invitation()
        response.id = invitation.id
        response.eventID = invitation.eventID
        if let message = invitation.message { response.message = message }
        response.link = components.publicBase + "/i/" + invitation.id
        response.createdBy = invitation.createdBy
        response.createdAt = .init(invitation.createdAt)
        return response
    }

    func getPublicInvitation(
        request: Rushday_V1_GetPublicInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublicInvitation {
        try await PublicInvitations(components: components)
            .invitation(id: request.id, address: PublicCallLimits.address(ofPeer: context.remotePeer)).proto
    }
}
