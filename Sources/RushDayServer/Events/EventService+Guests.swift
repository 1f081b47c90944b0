import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Guests (spec §4.5.1): R to list and read, W for every write; a guest addressed by id
/// alone is resolved to its event first, then existence hiding applies (§2.3). Links and
/// RSVP are in `EventService+GuestInvitations.swift`.
extension EventService {
    static let maxGuestsPerEvent = 2000
    static let maxGuestsPerBatch = 500

    /// The guest and its event's access; `NOT_FOUND` when hidden, `PERMISSION_DENIED` for a
    /// viewer when `write`.
    static func accessibleGuest(
        _ id: String, caller: VerifiedCaller, write: Bool, _ sql: any SQLExecutor
    ) async throws -> GuestRecord {
        guard let guest = try await GuestStore.guest(id, sql),
            let access = try await EventStore.access(guest.eventID, for: caller.userID, sql)
        else { throw RPCFailure.notFound("guest") }
        if write && !access.role.canWrite { throw RPCFailure.denied("a viewer cannot edit guests") }
        return guest
    }

    /// Inserts `inputs` as new guests of `eventID` for a writer, in order, within the cap.
    func addGuests(_ inputs: [GuestInput], to eventID: String, caller: VerifiedCaller) async throws -> [GuestRecord] {
        let now = clock.now
        return try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot add guests") }
            let (count, next) = try await GuestStore.countAndNextPosition(of: eventID, sql)
            guard count + inputs.count <= Self.maxGuestsPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(Self.maxGuestsPerEvent) guests")
            }
            var created: [GuestRecord] = []
            for (offset, input) in inputs.enumerated() {
                let guest = GuestRecord(id: UUID().uuidString.lowercased(), eventID: eventID, position: next + offset, input: input, now: now)
                try await GuestStore.insert(guest, sql)
                created.append(guest)
            }
            return created
        }
    }

    func createGuest(request: Rushday_V1_CreateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let input = try GuestInput(
            name: request.name, contact: request.hasContact ? request.contact : nil, status: request.status, accompany: request.accompany,
            notes: request.hasNotes ? request.notes : nil)
        let created = try await addGuests([input], to: eventID, caller: caller)
        guard let guest = created.first else { throw RPCFailure.notFound("guest") }
        return guest.message
    }

    func batchCreateGuests(
        request: Rushday_V1_BatchCreateGuestsRequest, context: ServerContext
    ) async throws -> Rushday_V1_BatchCreateGuestsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        guard (1...Self.maxGuestsPerBatch).contains(request.guests.count) else {
            throw RPCFailure.invalid("guests", "must have 1–\(Self.maxGuestsPerBatch) entries")
        }
        var inputs: [GuestInput] = []
        for (index, entry) in request.guests.enumerated() {
            inputs.append(
                try GuestInput(
                    name: entry.name, contact: entry.hasContact ? entry.contact : nil, status: entry.status, accompany: entry.accompany,
                    notes: entry.hasNotes ? entry.notes : nil, prefix: "guests[\(index)]."))
        }
        var response = Rushday_V1_BatchCreateGuestsResponse()
        response.guests = try await addGuests(inputs, to: eventID, caller: caller).map(\.message)
        return response
    }

    func listGuests(request: Rushday_V1_ListGuestsRequest, context: ServerContext) async throws -> Rushday_V1_ListGuestsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let status = try request.hasStatus ? GuestInput.status(request.status, "status") : nil
        let guests = try await database.read { sql in
            guard try await EventStore.access(eventID, for: caller.userID, sql) != nil else { throw RPCFailure.notFound("event") }
            return try await GuestStore.guests(of: eventID, status: status, sql)
        }
        var response = Rushday_V1_ListGuestsResponse()
        response.guests = guests.map(\.message)
        response.totalCount = Int32(clamping: guests.count)
        return response
    }

    func getGuest(request: Rushday_V1_GetGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        return try await database.read { sql in try await Self.accessibleGuest(id, caller: caller, write: false, sql) }.message
    }

    /// §2.7: `contact` absent clears it, `status` UNSPECIFIED and `notes` absent leave them.
    /// A changed `accompany` is also the host's new allowance for the guest's RSVP; resending
    /// the current value (as an edit form does) keeps the allowance.
    func updateGuest(request: Rushday_V1_UpdateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let input = try GuestInput(
            name: request.name, contact: request.hasContact ? request.contact : nil, status: request.status, accompany: request.accompany,
            notes: nil)
        let notes: String?? = try request.hasNotes ? .some(FieldRules.optionalText(request.notes, "notes", maximum: 2000)) : .none
        let now = clock.now
        let guest = try await database.transaction { sql in
            var guest = try await Self.accessibleGuest(id, caller: caller, write: true, sql)
            guest.name = input.name
            guest.email = input.email
            guest.phone = input.phone
            if let status = input.status { guest.status = status }
            if input.accompany != guest.accompany {
                guest.accompany = input.accompany
                guest.accompanyAllowed = input.accompany
            }
            if let notes { guest.notes = notes }
            guest.updatedAt = max(now, guest.updatedAt)
            try await GuestStore.update(guest, sql)
            return guest
        }
        return guest.message
    }

    /// Also revokes the guest's invitation link.
    func deleteGuest(request: Rushday_V1_DeleteGuestRequest, context: ServerContext) async throws -> Rushday_V1_DeleteGuestResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        try await database.transaction { sql in
            let guest = try await Self.accessibleGuest(id, caller: caller, write: true, sql)
            try await GuestStore.delete(guest.id, sql)
        }
        var response = Rushday_V1_DeleteGuestResponse()
        response.success = true
        return response
    }
}
