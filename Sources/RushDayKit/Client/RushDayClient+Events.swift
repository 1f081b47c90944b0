import Foundation
import GRPCCore
import RushDayProto
import SwiftProtobuf

extension RushDayClient {
    public func createEvent(_ request: Rushday_V1_CreateEventRequest) async throws -> Rushday_V1_Event {
        try await authorized { try await eventService.createEvent(request, metadata: $0, options: $1) }
    }

    public func event(id: String) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_GetEventRequest()
        request.id = id
        return try await authorized { try await eventService.getEvent(request, metadata: $0, options: $1) }
    }

    public func listEvents(page: Int32 = 1, limit: Int32 = 100) async throws -> Rushday_V1_ListEventsResponse {
        var request = Rushday_V1_ListEventsRequest()
        request.page = page
        request.limit = limit
        return try await authorized { try await eventService.listEvents(request, metadata: $0, options: $1) }
    }

    /// Every event the user owns or co-hosts, in the server's order (date ascending):
    /// `StreamEvents`, falling back to paging `ListEvents` when the stream fails (spec §4.2).
    public func allEvents() async throws -> [Rushday_V1_Event] {
        do {
            return try await streamedEvents()
        } catch let error as RushDayError where error == .signedOut {
            throw error
        } catch {
            var events: [Rushday_V1_Event] = []
            var page: Int32 = 1
            while true {
                let answer = try await listEvents(page: page, limit: 100)
                events += answer.events
                if answer.events.isEmpty || events.count >= Int(answer.totalCount) { return events }
                page += 1
            }
        }
    }

    private func streamedEvents() async throws -> [Rushday_V1_Event] {
        var request = Rushday_V1_StreamEventsRequest()
        request.batchSize = 50
        return try await authorized { metadata, options in
            try await eventService.streamEvents(request, metadata: metadata, options: options) { response in
                var events: [Rushday_V1_Event] = []
                for try await batch in response.messages {
                    events += batch.events
                    if batch.isLast { break }
                }
                return events
            }
        }
    }

    public func updateEvent(_ request: Rushday_V1_UpdateEventRequest) async throws -> Rushday_V1_Event {
        try await authorized { try await eventService.updateEvent(request, metadata: $0, options: $1) }
    }

    public func deleteEvent(id: String) async throws {
        var request = Rushday_V1_DeleteEventRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteEvent(request, metadata: $0, options: $1) }
    }

    // MARK: Co-hosts

    /// Adds a pending co-host entry; its `invite_link` (owner only) carries the secret.
    public func shareEvent(eventID: String, name: String, accessRole: String? = nil) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_ShareEventRequest()
        request.eventID = eventID
        request.name = name
        if let accessRole { request.accessRole = accessRole }
        return try await authorized { try await eventService.shareEvent(request, metadata: $0, options: $1) }
    }

    /// Accepts a co-host invitation by its secret (the last part of the invite link).
    public func acceptSharedEvent(secret: String) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_AcceptSharedEventRequest()
        request.secret = CoHostSecret.extract(from: secret)
        return try await authorized { try await eventService.acceptSharedEvent(request, metadata: $0, options: $1) }
    }

    public func removeSharedUser(eventID: String, secret: String) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_RemoveSharedUserRequest()
        request.eventID = eventID
        request.secret = secret
        return try await authorized { try await eventService.removeSharedUser(request, metadata: $0, options: $1) }
    }

    public func updateSharedUser(eventID: String, secret: String, accessRole: String) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_UpdateSharedUserRequest()
        request.eventID = eventID
        request.secret = secret
        request.accessRole = accessRole
        return try await authorized { try await eventService.updateSharedUser(request, metadata: $0, options: $1) }
    }
}

/// The secret of a co-host invitation, given as the secret itself or as its link.
public enum CoHostSecret {
    public static func extract(from text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let range = trimmed.range(of: "/cohost/") else { return trimmed }
        return String(trimmed[range.upperBound...].prefix { $0 != "?" && $0 != "#" && $0 != "/" })
    }
}

extension Rushday_V1_UpdateEventRequest {
    /// The full-replacement request that keeps `event` as it is (spec §2.7): form fields
    /// are resent when set, `type` and `theme_idea` are resent as stored.
    public init(keeping event: Rushday_V1_Event) {
        self.init()
        id = event.id
        name = event.name
        date = event.date
        if event.hasImage { image = event.image }
        if event.hasType { type = event.type }
        if event.hasVenue { venue = event.venue }
        if event.hasCustomIdea { customIdea = event.customIdea }
        if event.hasEndDate { endDate = event.endDate }
        isAllDay = event.isAllDay
        isDraft = event.isDraft
        if event.hasInviteMessage { inviteMessage = event.inviteMessage }
        if event.hasThemeIdea { themeIdea = event.themeIdea }
    }
}
