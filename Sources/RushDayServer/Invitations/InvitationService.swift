import GRPCCore
import RushDayProto

/// `rushday.v1.InvitationService` (spec §4.10): one public invitation per event. Not built yet.
struct InvitationService: Rushday_V1_InvitationService.SimpleServiceProtocol {
    let components: RushDayComponents

    func createInvitation(
        request: Rushday_V1_CreateInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_Invitation {
        throw RPCFailure.unimplemented
    }

    func getPublicInvitation(
        request: Rushday_V1_GetPublicInvitationRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublicInvitation {
        throw RPCFailure.unimplemented
    }
}
