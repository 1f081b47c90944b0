import GRPCCore
import HearthCore
import HearthStore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Spec §4.2 with §2.3–§2.8, and §6 cases 9–16, over a real gRPC connection.
@Suite struct EventTests {
    @Test(arguments: TestEngine.available)
    func createEventRejectsAnEmptyNameAndAnEndBeforeTheStart(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let blank = await rpcError { try await rd.createEvent(.ann, name: "  ") }
            #expect(blank?.code == .invalidArgument)
            #expect(blank?.message.hasPrefix("name:") == true)
            let backwards = await rpcError { try await rd.createEvent(.ann) { $0.endDate = .iso("2026-06-12T18:00:00Z") } }
            #expect(backwards?.code == .invalidArgument)
            #expect(backwards?.message.hasPrefix("end_date:") == true)
            #expect(await rpcCode { try await rd.createEvent(.ann, date: "1999-12-31T00:00:00Z") } == .invalidArgument)
            #expect(await rpcCode { try await rd.createEvent(.ann) { $0.venue = String(repeating: "v", count: 501) } } == .invalidArgument)
            #expect(await rpcCode { try await rd.createEvent(.ann) { $0.image = "not a url" } } == .invalidArgument)
            #expect(await rpcCode { try await rd.createEvent(.ann) { $0.clearDate() } } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func createEventWithoutTypeIsCustomAndOwnedByTheCaller(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann, name: "  Picnic  ", type: nil)
            #expect(event.name == "Picnic")
            #expect(event.type == "custom")
            #expect(event.userID == "user-a")
            #expect(event.ownerName == "Ann")
            #expect(event.callerRole == "owner")
            #expect(event.shared.isEmpty)
            #expect(!event.isAiDraft)
            #expect(event.id.count == 36 && event.id == event.id.lowercased())
        }
    }

    @Test(arguments: TestEngine.available)
    func listEventsHasOwnedAndAcceptedEventsByDateWithoutAIDraftsOrPendingShares(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let june = try await rd.createEvent(.ann, name: "E1", date: "2026-06-13T18:00:00Z")
            let may = try await rd.createEvent(.ann, name: "E2", date: "2026-05-01T18:00:00Z", isDraft: true)
            let aiDraft = try await rd.createEvent(.ann, name: "D", date: "2026-04-01T18:00:00Z")
            try await rd.database.transaction { sql in
                try await sql.execute("UPDATE rd_events SET is_ai_draft = 1 WHERE id = ?", [.text(aiDraft.id)])
            }
            let april = try await rd.createEvent(.bob, name: "E3", date: "2026-04-10T18:00:00Z")
            try await rd.addCoHost(.ann, to: april)
            let pending = try await rd.createEvent(.cid, name: "E4", date: "2026-03-10T18:00:00Z")
            var share = Rushday_V1_ShareEventRequest()
            share.eventID = pending.id
            share.name = "Ann"
            _ = try await rd.events.shareEvent(share, metadata: try await rd.auth(.cid))

            let list = try await rd.listEvents(.ann)
            #expect(list.events.map(\.id) == [april.id, may.id, june.id])
            #expect(list.totalCount == 3)
            #expect(list.events[0].callerRole == "admin")
            #expect(list.events[1].isDraft)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, aiDraft.id) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func listEventsPagesAreOneBasedClampedAndRefuseNegatives(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            for day in 1...5 { try await rd.createEvent(.ann, name: "E\(day)", date: "2026-06-0\(day)T10:00:00Z") }
            let second = try await rd.listEvents(.ann, page: 2, limit: 2)
            #expect(second.events.map(\.name) == ["E3", "E4"])
            #expect(second.totalCount == 5)
            #expect(try await rd.listEvents(.ann, page: 0, limit: 2).events.map(\.name) == ["E1", "E2"])
            #expect(try await rd.listEvents(.ann, page: 4, limit: 2).events.isEmpty)
            #expect(try await rd.listEvents(.ann, limit: 1000).events.count == 5)
            #expect(await rpcCode { _ = try await rd.listEvents(.ann, page: -1) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.listEvents(.ann, limit: -1) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func streamEventsSendsBatchesWithOnlyTheLastMarkedAndOneEmptyMessageWhenNone(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            var request = Rushday_V1_StreamEventsRequest()
            request.batchSize = 2
            let empty = try await rd.events.streamEvents(request, metadata: try await rd.auth(.ann)) { response in
                var messages: [Rushday_V1_StreamEventsResponse] = []
                for try await message in response.messages { messages.append(message) }
                return messages
            }
            #expect(empty.count == 1)
            #expect(empty.first?.events.isEmpty == true)
            #expect(empty.first?.isLast == true)

            for day in 1...5 { try await rd.createEvent(.ann, name: "E\(day)", date: "2026-06-0\(day)T10:00:00Z") }
            let batches = try await rd.events.streamEvents(request, metadata: try await rd.auth(.ann)) { response in
                var messages: [Rushday_V1_StreamEventsResponse] = []
                for try await message in response.messages { messages.append(message) }
                return messages
            }
            #expect(batches.map(\.events.count) == [2, 2, 1])
            #expect(batches.map(\.isLast) == [false, false, true])
            #expect(batches.flatMap(\.events).map(\.name) == ["E1", "E2", "E3", "E4", "E5"])
            request.batchSize = 51
            #expect(
                await rpcCode {
                    _ = try await rd.events.streamEvents(request, metadata: try await rd.auth(.ann)) { response in
                        for try await _ in response.messages {}
                    }
                } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func eventsOfOthersAndUnknownIdsAreNotFound(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            #expect(await rpcCode { _ = try await rd.getEvent(.cid, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, "nope") } == .notFound)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, "") } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, String(repeating: "x", count: 129)) } == .invalidArgument)
            var update = rd.updateRequest(from: event)
            update.name = "Hijacked"
            #expect(await rpcCode { _ = try await rd.events.updateEvent(update, metadata: try await rd.auth(.cid)) } == .notFound)
            var delete = Rushday_V1_DeleteEventRequest()
            delete.id = event.id
            #expect(await rpcCode { _ = try await rd.events.deleteEvent(delete, metadata: try await rd.auth(.cid)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateEventClearsAbsentFormFieldsKeepsAbsentThemeIdeaAndAdvancesUpdatedAt(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann) {
                $0.venue = "Loft"
                $0.themeIdea = "Disco"
                $0.customIdea = "Cake"
            }
            rd.clock.advance(seconds: 90)
            var request = rd.updateRequest(from: event)
            request.clearVenue()
            request.type = ""
            let updated = try await rd.events.updateEvent(request, metadata: try await rd.auth(.ann))
            #expect(!updated.hasVenue)
            #expect(updated.themeIdea == "Disco")
            #expect(updated.customIdea == "Cake")
            #expect(updated.type == "birthday")
            #expect(updated.createdAt == event.createdAt)
            #expect(updated.updatedAt.seconds == event.updatedAt.seconds + 90)
            request.themeIdea = ""
            let cleared = try await rd.events.updateEvent(request, metadata: try await rd.auth(.ann))
            #expect(!cleared.hasThemeIdea)
            request.name = ""
            #expect(await rpcCode { _ = try await rd.events.updateEvent(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func adminEditsButOnlyTheOwnerMovesToDraftsOrDeletes(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event)
            var rename = rd.updateRequest(from: event)
            rename.name = "Mia's 31st"
            let renamed = try await rd.events.updateEvent(rename, metadata: try await rd.auth(.bob))
            #expect(renamed.name == "Mia's 31st")
            #expect(renamed.callerRole == "admin")
            #expect(rd.notifications.recipients(of: "event_updated", eventID: event.id) == ["user-a"])
            var toDrafts = rd.updateRequest(from: renamed)
            toDrafts.isDraft = true
            #expect(await rpcCode { _ = try await rd.events.updateEvent(toDrafts, metadata: try await rd.auth(.bob)) } == .permissionDenied)
            var delete = Rushday_V1_DeleteEventRequest()
            delete.id = event.id
            #expect(await rpcCode { _ = try await rd.events.deleteEvent(delete, metadata: try await rd.auth(.bob)) } == .permissionDenied)
            let moved = try await rd.events.updateEvent(toDrafts, metadata: try await rd.auth(.ann))
            #expect(moved.isDraft)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletedEventIsNotFoundForEveryoneAndCoHostsAreTold(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let secret = try await rd.addCoHost(.bob, to: event)
            var delete = Rushday_V1_DeleteEventRequest()
            delete.id = event.id
            #expect(try await rd.events.deleteEvent(delete, metadata: try await rd.auth(.ann)).success)
            #expect(await rpcCode { _ = try await rd.getEvent(.bob, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, event.id) } == .notFound)
            #expect(try await rd.listEvents(.bob).events.isEmpty)
            var accept = Rushday_V1_AcceptSharedEventRequest()
            accept.secret = secret
            #expect(await rpcCode { _ = try await rd.events.acceptSharedEvent(accept, metadata: try await rd.auth(.cid)) } == .notFound)
            #expect(rd.notifications.recipients(of: "event_deleted", eventID: event.id) == ["user-b"])
            let remaining = try await rd.database.read { sql in
                try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_cohosts WHERE event_id = ?", [.text(event.id)])
            }
            #expect(try remaining?.int("n") == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func ownerNameFollowsTheOwnersCurrentName(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var rename = Rushday_V1_UpdateUserRequest()
            rename.name = "Anna"
            _ = try await rd.users.updateUser(rename, metadata: try await rd.auth(.ann))
            #expect(try await rd.getEvent(.ann, event.id).ownerName == "Anna")
        }
    }
}
