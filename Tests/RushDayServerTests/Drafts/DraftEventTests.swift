import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import SwiftProtobuf
import Testing

@testable import RushDayServer

extension RushDayHarness {
    @discardableResult
    func saveDraft(_ user: TestUser, _ configure: (inout Rushday_V1_DraftEventData) -> Void = { _ in }) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_CreateDraftEventRequest()
        configure(&request.data)
        return try await events.createDraftEvent(request, metadata: try await auth(user))
    }

    func draft(_ user: TestUser, _ id: String) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_GetDraftEventRequest()
        request.id = id
        return try await events.getDraftEvent(request, metadata: try await auth(user))
    }

    @discardableResult
    func replaceDraft(_ user: TestUser, _ id: String, _ data: Rushday_V1_DraftEventData) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_UpdateDraftEventRequest()
        request.id = id
        request.data = data
        return try await events.updateDraftEvent(request, metadata: try await auth(user))
    }

    func drafts(_ user: TestUser, page: Int32 = 0, limit: Int32 = 0) async throws -> Rushday_V1_ListDraftEventsResponse {
        var request = Rushday_V1_ListDraftEventsRequest()
        request.page = page
        request.limit = limit
        return try await events.listDraftEvents(request, metadata: try await auth(user))
    }

    func discardDraft(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteDraftEventRequest()
        request.id = id
        _ = try await events.deleteDraftEvent(request, metadata: try await auth(user))
    }
}

/// Spec §4.8 wizard drafts with §2.3 privacy and §2.8 ordering, over a real gRPC connection.
@Suite struct DraftEventTests {
    @Test(arguments: TestEngine.available)
    func aDraftKeepsEveryFieldOfTheFormAndIsNotAnEvent(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let draft = try await rd.saveDraft(.ann) {
                $0.name = "  Mia's 30th  "
                $0.type = "birthday"
                $0.date = .iso("2026-06-13T18:00:00Z")
                $0.endDate = .iso("2026-06-13T23:00:00Z")
                $0.isAllDay = true
                $0.venueOption = "restaurant"
                $0.venue = "Luigi's"
                $0.image = "https://x.io/cover.png"
                $0.guestCountOption = "20_to_50"
                $0.budgetAmount = 250_000
                $0.currencyCode = "EUR"
                $0.services = ["catering", "photography"]
                $0.customIdea = "Garden party"
                $0.currentStep = 4
            }
            #expect(draft.userID == "user-a")
            #expect(draft.data.name == "Mia's 30th")
            #expect(draft.data.budgetAmount == 250_000 && draft.data.currencyCode == "EUR")
            #expect(draft.data.services == ["catering", "photography"])
            #expect(draft.data.currentStep == 4 && draft.data.isAllDay)
            #expect(draft.data.endDate == .iso("2026-06-13T23:00:00Z"))
            #expect(draft.createdAt == .init(RushDayHarness.start))
            #expect(try await rd.draft(.ann, draft.id) == draft)
            #expect(try await rd.listEvents(.ann).totalCount == 0)
            let empty = try await rd.saveDraft(.ann)
            #expect(!empty.data.hasName && empty.data.services.isEmpty && empty.data.currentStep == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateReplacesTheWholeFormAndListShowsTheNewestFirst(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let first = try await rd.saveDraft(.ann) {
                $0.name = "First"
                $0.venue = "Home"
                $0.services = ["music"]
            }
            rd.clock.advance(seconds: 10)
            let second = try await rd.saveDraft(.ann) { $0.name = "Second" }
            rd.clock.advance(seconds: 10)
            let third = try await rd.saveDraft(.ann) { $0.name = "Third" }
            #expect(try await rd.drafts(.ann).draftEvents.map(\.id) == [third.id, second.id, first.id])
            rd.clock.advance(seconds: 10)
            var replacement = Rushday_V1_DraftEventData()
            replacement.name = "First, renamed"
            replacement.currentStep = 2
            let updated = try await rd.replaceDraft(.ann, first.id, replacement)
            #expect(updated.data.name == "First, renamed")
            #expect(!updated.data.hasVenue && updated.data.services.isEmpty)
            #expect(updated.createdAt == first.createdAt)
            #expect(updated.updatedAt.seconds == first.updatedAt.seconds + 30)
            let listed = try await rd.drafts(.ann)
            #expect(listed.draftEvents.map(\.id) == [first.id, third.id, second.id])
            #expect(listed.totalCount == 3)
            let page = try await rd.drafts(.ann, page: 2, limit: 2)
            #expect(page.draftEvents.map(\.id) == [second.id])
            #expect(page.totalCount == 3)
            #expect(await rpcCode { _ = try await rd.drafts(.ann, page: -1) } == .invalidArgument)
            try await rd.discardDraft(.ann, third.id)
            #expect(try await rd.drafts(.ann).draftEvents.map(\.id) == [first.id, second.id])
            #expect(await rpcCode { _ = try await rd.draft(.ann, third.id) } == .notFound)
            #expect(await rpcCode { try await rd.discardDraft(.ann, third.id) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func presentFieldsAreValidatedAndNothingIsWritten(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let saved = try await rd.saveDraft(.ann) { $0.name = "Kept" }
            let cases: [(String, (inout Rushday_V1_DraftEventData) -> Void)] = [
                ("data.name:", { $0.name = String(repeating: "n", count: 201) }),
                ("data.image:", { $0.image = "ftp://x.io/a.png" }),
                ("data.budget_amount:", { $0.budgetAmount = -1 }),
                ("data.currency_code:", { $0.currencyCode = "usd" }),
                ("data.services:", { $0.services = Array(repeating: "music", count: 21) }),
                ("data.services[1]:", { $0.services = ["music", String(repeating: "s", count: 51)] }),
                ("data.current_step:", { $0.currentStep = 21 }),
                ("data.current_step:", { $0.currentStep = -1 }),
                ("data.date:", { $0.date = .iso("1999-12-31T00:00:00Z") }),
                ("data.end_date:", {
                    $0.date = .iso("2026-06-13T18:00:00Z")
                    $0.endDate = .iso("2026-06-12T18:00:00Z")
                }),
            ]
            for (field, configure) in cases {
                let created = await rpcError { try await rd.saveDraft(.ann, configure) }
                #expect(created?.code == .invalidArgument, "\(field)")
                #expect(created?.message.hasPrefix(field) == true, "\(field) \(created?.message ?? "")")
                var data = Rushday_V1_DraftEventData()
                configure(&data)
                #expect(await rpcCode { try await rd.replaceDraft(.ann, saved.id, data) } == .invalidArgument)
            }
            #expect(try await rd.drafts(.ann).draftEvents.map(\.data.name) == ["Kept"])
        }
    }

    @Test(arguments: TestEngine.available)
    func draftsArePrivateToTheirCreator(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let draft = try await rd.saveDraft(.ann) { $0.name = "Secret party" }
            #expect(await rpcCode { _ = try await rd.draft(.bob, draft.id) } == .notFound)
            #expect(await rpcCode { try await rd.replaceDraft(.bob, draft.id, .init()) } == .notFound)
            #expect(await rpcCode { try await rd.discardDraft(.bob, draft.id) } == .notFound)
            let bobs = try await rd.drafts(.bob)
            #expect(bobs.draftEvents.isEmpty && bobs.totalCount == 0)
            #expect(try await rd.draft(.ann, draft.id).data.name == "Secret party")
            #expect(await rpcCode { _ = try await rd.draft(.ann, "") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func deleteUserRemovesTheDraftsAndVendorsAndUnlinksOthersVendorsFromItsEvents(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            try await rd.saveDraft(.ann) { $0.name = "Gone" }
            try await rd.addVendor(.ann, name: "Florist")
            try await rd.saveDraft(.bob) { $0.name = "Stays" }
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "admin")
            try await rd.addVendor(.bob, name: "Baker") { $0.eventID = event.id }
            _ = try await rd.users.deleteUser(.init(), metadata: try await rd.auth(.ann))
            #expect(try await rd.rowCount("rd_draft_events", where: "user_id", is: "user-a") == 0)
            #expect(try await rd.rowCount("rd_vendors", where: "user_id", is: "user-a") == 0)
            #expect(try await rd.drafts(.ann).totalCount == 0)
            #expect(try await rd.vendorList(.ann).totalCount == 0)
            #expect(try await rd.drafts(.bob).draftEvents.map(\.data.name) == ["Stays"])
            let bobsVendors = try await rd.vendorList(.bob).vendors
            #expect(bobsVendors.map(\.name) == ["Baker"])
            #expect(bobsVendors.first?.hasEventID == false)
        }
    }
}
