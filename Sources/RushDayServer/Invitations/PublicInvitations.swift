import GRPCCore
import HearthStore

/// Reading a public invitation, shared by `GetPublicInvitation` and the `/i/…` page: the
/// per-address limit, then the invitation and its event (`NOT_FOUND` when either is gone).
struct PublicInvitations: Sendable {
    let components: RushDayComponents

    func invitation(id: String, address: String?) async throws -> PublicInvitationView {
        try await components.publicLimits.spend(.getPublicInvitation, address: address)
        let id = try FieldRules.id(id, "id")
        return try await components.services.database.read { sql in
            guard let invitation = try await InvitationStore.invitation(id, sql),
                let event = try await EventStore.event(invitation.eventID, sql), !event.isAIDraft
            else { throw RPCFailure.notFound("invitation") }
            return PublicInvitationView(invitation: invitation, event: event)
        }
    }
}
