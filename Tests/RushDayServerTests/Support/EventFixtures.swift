import Foundation
import GRPCCore
import HearthCore
import RushDayProto
import SwiftProtobuf

@testable import RushDayServer

extension Google_Protobuf_Timestamp {
    /// `2026-06-13T18:00:00Z` style.
    static func iso(_ text: String) -> Google_Protobuf_Timestamp {
        let formatter = ISO8601DateFormatter()
        return Google_Protobuf_Timestamp(date: formatter.date(from: text) ?? Date(timeIntervalSince1970: 0))
    }
}

extension RushDayHarness {
    /// "Event E" of spec §6 (or another event of `owner`).
    @discardableResult
    func createEvent(
        _ owner: TestUser, name: String = "Mia's 30th", date: String = "2026-06-13T18:00:00Z", type: String? = "birthday",
        isDraft: Bool = false, configure: (inout Rushday_V1_CreateEventRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_CreateEventRequest()
        request.name = name
        request.date = .iso(date)
        if let type { request.type = type }
        request.isDraft = isDraft
        configure(&request)
        return try await events.createEvent(request, metadata: try await auth(owner))
    }

    /// Shares `event` with `user`, who accepts; returns the secret.
    @discardableResult
    func addCoHost(_ user: TestUser, to event: Rushday_V1_Event, role: String = "admin") async throws -> String {
        var share = Rushday_V1_ShareEventRequest()
        share.eventID = event.id
        share.name = user.name
        share.accessRole = role
        let shared = try await events.shareEvent(share, metadata: try await auth(TestUser(rawValue: event.userID) ?? .ann))
        let secret = shared.shared.last?.secret ?? ""
        var accept = Rushday_V1_AcceptSharedEventRequest()
        accept.secret = secret
        _ = try await events.acceptSharedEvent(accept, metadata: try await auth(user))
        return secret
    }

    func listEvents(_ user: TestUser, page: Int32 = 0, limit: Int32 = 0) async throws -> Rushday_V1_ListEventsResponse {
        var request = Rushday_V1_ListEventsRequest()
        request.page = page
        request.limit = limit
        return try await events.listEvents(request, metadata: try await auth(user))
    }

    func getEvent(_ user: TestUser, _ id: String) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_GetEventRequest()
        request.id = id
        return try await events.getEvent(request, metadata: try await auth(user))
    }

    /// `UpdateEvent` resending every form field of `event` (as the client's edit form does).
    func updateRequest(from event: Rushday_V1_Event) -> Rushday_V1_UpdateEventRequest {
        var request = Rushday_V1_UpdateEventRequest()
        request.id = event.id
        request.name = event.name
        request.date = event.date
        request.type = event.type
        request.isAllDay = event.isAllDay
        request.isDraft = event.isDraft
        if event.hasImage { request.image = event.image }
        if event.hasVenue { request.venue = event.venue }
        if event.hasCustomIdea { request.customIdea = event.customIdea }
        if event.hasEndDate { request.endDate = event.endDate }
        if event.hasInviteMessage { request.inviteMessage = event.inviteMessage }
        return request
    }
}
