import RushDayProto

extension RushDayClient {
    public func createGuest(_ request: Rushday_V1_CreateGuestRequest) async throws -> Rushday_V1_Guest {
        try await authorized { try await eventService.createGuest(request, metadata: $0, options: $1) }
    }

    /// Adds all `guests` or none (the first invalid entry names its index).
    public func batchCreateGuests(eventID: String, guests: [Rushday_V1_GuestInput]) async throws -> [Rushday_V1_Guest] {
        var request = Rushday_V1_BatchCreateGuestsRequest()
        request.eventID = eventID
        request.guests = guests
        return try await authorized { try await eventService.batchCreateGuests(request, metadata: $0, options: $1) }.guests
    }

    public func guests(eventID: String, status: Rushday_V1_GuestStatus? = nil) async throws -> [Rushday_V1_Guest] {
        var request = Rushday_V1_ListGuestsRequest()
        request.eventID = eventID
        if let status { request.status = status }
        return try await authorized { try await eventService.listGuests(request, metadata: $0, options: $1) }.guests
    }

    public func guest(id: String) async throws -> Rushday_V1_Guest {
        var request = Rushday_V1_GetGuestRequest()
        request.id = id
        return try await authorized { try await eventService.getGuest(request, metadata: $0, options: $1) }
    }

    public func updateGuest(_ request: Rushday_V1_UpdateGuestRequest) async throws -> Rushday_V1_Guest {
        try await authorized { try await eventService.updateGuest(request, metadata: $0, options: $1) }
    }

    public func deleteGuest(id: String) async throws {
        var request = Rushday_V1_DeleteGuestRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteGuest(request, metadata: $0, options: $1) }
    }

    /// The guest's RSVP link (`invite_link`, `<public base>/g/<encoded_data>`); the same
    /// link on every call.
    public func inviteGuest(guestID: String, eventID: String, message: String? = nil) async throws -> Rushday_V1_GuestInvitation {
        var request = Rushday_V1_CreateGuestInvitationRequest()
        request.guestID = guestID
        request.eventID = eventID
        if let message { request.message = message }
        return try await authorized { try await eventService.createGuestInvitation(request, metadata: $0, options: $1) }
    }

    /// What a guest sees behind their link (public: no account needed).
    public func publicGuestInvitation(encodedData: String) async throws -> Rushday_V1_PublicGuestInvitation {
        var request = Rushday_V1_GetPublicGuestInvitationRequest()
        request.encodedData = encodedData
        return try await anonymous { try await eventService.getPublicGuestInvitation(request, options: $0) }
    }

    /// A guest's answer through their link (public).
    public func respondToGuestInvitation(
        encodedData: String, accept: Bool, accompany: Int32? = nil
    ) async throws -> Rushday_V1_PublicGuestInvitation {
        var request = Rushday_V1_RespondToGuestInvitationRequest()
        request.encodedData = encodedData
        request.response = accept ? .accept : .decline
        if let accompany { request.accompany = accompany }
        return try await anonymous { try await eventService.respondToGuestInvitation(request, options: $0) }
    }
}
