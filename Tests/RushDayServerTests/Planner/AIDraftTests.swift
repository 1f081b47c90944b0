import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

extension RushDayHarness {
    func createAIDraft(
        _ user: TestUser?, session: String? = "session-S-0001", configure: (inout Rushday_V1_CreateAIDraftEventRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_CreateAIDraftEventResponse {
        var request = Rushday_V1_CreateAIDraftEventRequest()
        request.name = "Mia's 30th"
        request.eventType = "birthday"
        request.date = .iso("2026-06-13T18:00:00Z")
        if let session { request.sessionID = session }
        configure(&request)
        return try await planner.createAIDraftEvent(request, metadata: try await metadata(user))
    }

    func claimDraft(_ user: TestUser, _ eventID: String, session: String) async throws -> Rushday_V1_ClaimDraftEventResponse {
        var request = Rushday_V1_ClaimDraftEventRequest()
        request.eventID = eventID
        request.sessionID = session
        return try await planner.claimDraftEvent(request, metadata: try await auth(user))
    }

    func publishDraft(_ user: TestUser, _ eventID: String, session: String? = nil) async throws -> Rushday_V1_PublishAIDraftEventResponse {
        var request = Rushday_V1_PublishAIDraftEventRequest()
        request.eventID = eventID
        if let session { request.sessionID = session }
        return try await planner.publishAIDraftEvent(request, metadata: try await auth(user))
    }

    func inviteMessage(_ user: TestUser?, _ eventID: String) async throws -> Rushday_V1_GenerateInviteMessageResponse {
        var request = Rushday_V1_GenerateInviteMessageRequest()
        request.eventID = eventID
        return try await planner.generateInviteMessage(request, metadata: try await metadata(user))
    }
}

/// AI drafts (spec §5.6, §9.5, §6 #48–#49): anonymous creation with a session, hidden from
/// every list, the id as a capability until claimed, claim and publish.
@Suite struct AIDraftTests {
    static let session = "session-S-0001"

    @Test(arguments: TestEngine.available)
    func anonymousDraftNeedsASessionAndStaysOutOfEveryList(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let refused = await rpcError { _ = try await rd.createAIDraft(nil, session: nil) }
            #expect(refused?.code == .invalidArgument)
            #expect(refused?.message.hasPrefix("session_id") == true)
            #expect(await rpcCode { _ = try await rd.createAIDraft(nil, session: "short") } == .invalidArgument)
            let draft = try await rd.createAIDraft(nil)
            #expect(draft.success && !draft.eventID.isEmpty)
            let owned = try await rd.createAIDraft(.ann, session: nil)
            #expect(owned.success)
            #expect(try await rd.listEvents(.ann).events.isEmpty)
            #expect(try await rd.listEvents(.bob).events.isEmpty)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, draft.eventID) } == .notFound)
            #expect(await rpcCode { _ = try await rd.getEvent(.ann, owned.eventID) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func claimNeedsTheSessionThenPublishListsTheSameEvent(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let draft = try await rd.createAIDraft(nil) { $0.budgetMin = 100_000; $0.budgetMax = 200_000; $0.guestsPlan = 40 }
            #expect(await rpcCode { _ = try await rd.claimDraft(.ann, draft.eventID, session: "wrong-session-1") } == .notFound)
            #expect(await rpcCode { _ = try await rd.claimDraft(.ann, "nope", session: Self.session) } == .notFound)
            #expect(try await rd.claimDraft(.ann, draft.eventID, session: Self.session).success)
            #expect(try await rd.claimDraft(.ann, draft.eventID, session: Self.session).success)
            #expect(await rpcCode { _ = try await rd.claimDraft(.bob, draft.eventID, session: Self.session) } == .notFound)
            #expect(await rpcCode { _ = try await rd.publishDraft(.bob, draft.eventID, session: Self.session) } == .notFound)
            #expect(try await rd.listEvents(.ann).events.isEmpty)

            let published = try await rd.publishDraft(.ann, draft.eventID)
            #expect(published.success && published.eventID == draft.eventID)
            #expect(!published.event.isAiDraft && published.event.userID == TestUser.ann.rawValue)
            #expect(published.event.plannedGuestCount == 40)
            #expect(try await rd.listEvents(.ann).events.map(\.id) == [draft.eventID])
            #expect(try await rd.publishDraft(.ann, draft.eventID).success)
            #expect(await rpcCode { _ = try await rd.claimDraft(.ann, draft.eventID, session: Self.session) } == .failedPrecondition)
            var budget = Rushday_V1_GetEventBudgetRequest()
            budget.eventID = draft.eventID
            let planned = try await rd.events.getEventBudget(budget, metadata: try await rd.auth(.ann))
            #expect(planned.isSet && planned.plannedBudget == 150_000 && planned.currencyCode == "USD")
        }
    }

    @Test(arguments: TestEngine.available)
    func publishingAnUnclaimedDraftClaimsItWithTheSession(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let draft = try await rd.createAIDraft(nil)
            #expect(await rpcCode { _ = try await rd.publishDraft(.bob, draft.eventID) } == .notFound)
            let published = try await rd.publishDraft(.bob, draft.eventID, session: Self.session)
            #expect(published.event.userID == TestUser.bob.rawValue)
            #expect(try await rd.listEvents(.bob).events.map(\.id) == [draft.eventID])
        }
    }

    @Test(arguments: TestEngine.available)
    func unclaimedDraftIDIsACapabilityForGeneratorsUntilClaimed(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let draft = try await rd.createAIDraft(nil)
            #expect(try await rd.inviteMessage(nil, draft.eventID).message.contains("Mia's 30th"))
            #expect(try await rd.inviteMessage(.bob, draft.eventID).success)
            var agenda = Rushday_V1_GenerateAgendaRequest()
            agenda.eventID = draft.eventID
            agenda.apply = true
            let applied = try await rd.planner.generateAgenda(agenda)
            #expect(applied.createdAgendas.count == 6)
            #expect(await rpcCode { _ = try await rd.inviteMessage(nil, "nope") } == .unauthenticated)

            _ = try await rd.claimDraft(.ann, draft.eventID, session: Self.session)
            #expect(await rpcCode { _ = try await rd.inviteMessage(nil, draft.eventID) } == .unauthenticated)
            #expect(await rpcCode { _ = try await rd.inviteMessage(.bob, draft.eventID) } == .notFound)
            #expect(try await rd.inviteMessage(.ann, draft.eventID).success)
        }
    }

    @Test(arguments: TestEngine.available)
    func unclaimedDraftExpiresAfterSevenDays(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let draft = try await rd.createAIDraft(nil)
            rd.clock.advance(seconds: 7 * 86_400 + 1)
            #expect(await rpcCode { _ = try await rd.inviteMessage(nil, draft.eventID) } == .unauthenticated)
            #expect(await rpcCode { _ = try await rd.claimDraft(.ann, draft.eventID, session: Self.session) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func expiredDraftsArePurgedWhenTheNextDraftIsCreated(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let unclaimed = try await rd.createAIDraft(nil)
            let claimed = try await rd.createAIDraft(nil)
            let fresh = try await rd.createAIDraft(.ann, session: nil)
            _ = try await rd.claimDraft(.bob, claimed.eventID, session: Self.session)
            rd.clock.advance(seconds: 8 * 86_400)
            _ = try await rd.createAIDraft(nil)
            #expect(try await rd.plannerRows("rd_events", where: "id", is: unclaimed.eventID) == 0)
            #expect(try await rd.plannerRows("rd_ai_drafts", where: "event_id", is: unclaimed.eventID) == 0)
            #expect(try await rd.plannerRows("rd_events", where: "id", is: claimed.eventID) == 1)
            #expect(try await rd.plannerRows("rd_events", where: "id", is: fresh.eventID) == 1)
            rd.clock.advance(seconds: 23 * 86_400)
            _ = try await rd.createAIDraft(nil)
            #expect(try await rd.plannerRows("rd_events", where: "id", is: claimed.eventID) == 0)
        }
    }
}
