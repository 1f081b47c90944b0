import GRPCCore
import RushDayProto

/// Guests and their invitation links (spec §4.5). Not built yet: each RPC answers `UNIMPLEMENTED`.
extension EventService {
    func createGuest(request: Rushday_V1_CreateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func listGuests(request: Rushday_V1_ListGuestsRequest, context: ServerContext) async throws -> Rushday_V1_ListGuestsResponse {
        throw RPCFailure.unimplemented
    }

    func batchCreateGuests(request: Rushday_V1_BatchCreateGuestsRequest, context: ServerContext) async throws -> Rushday_V1_BatchCreateGuestsResponse {
        throw RPCFailure.unimplemented
    }

    func getGuest(request: Rushday_V1_GetGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func updateGuest(request: Rushday_V1_UpdateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func deleteGuest(request: Rushday_V1_DeleteGuestRequest, context: ServerContext) async throws -> Rushday_V1_DeleteGuestResponse {
        throw RPCFailure.unimplemented
    }

    func createGuestInvitation(request: Rushday_V1_CreateGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_GuestInvitation {
        throw RPCFailure.unimplemented
    }

    func getPublicGuestInvitation(request: Rushday_V1_GetPublicGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_PublicGuestInvitation {
        throw RPCFailure.unimplemented
    }

    func respondToGuestInvitation(request: Rushday_V1_RespondToGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_PublicGuestInvitation {
        throw RPCFailure.unimplemented
    }
}
