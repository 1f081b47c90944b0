import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Topic checklists (spec §5.8, §6 #57): generated, saved, ticked off, listed and unsaved,
/// private to (event, caller).
@Suite struct ChecklistServiceTests {
    @Test(arguments: TestEngine.available)
    func generatedChecklistCanBeSavedCheckedListedAndUnsaved(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var generate = Rushday_V1_GenerateTopicChecklistRequest()
            generate.eventID = event.id
            generate.topic = .venue
            let message = try await rd.planner.generateTopicChecklist(generate, metadata: try await rd.auth(.ann)).message
            let checklist = message.checklist
            #expect((5...8).contains(checklist.items.count))
            #expect(checklist.title == "Venue checklist for Mia's 30th")
            #expect(!checklist.isSaved && message.role == .assistant && checklist.conversationID == message.conversationID)

            var save = Rushday_V1_SaveChecklistRequest()
            save.eventID = event.id
            save.checklistID = checklist.id
            #expect(try await rd.planner.saveChecklist(save, metadata: try await rd.auth(.ann)).checklist.isSaved)
            var tick = Rushday_V1_UpdateChecklistItemRequest()
            tick.eventID = event.id
            tick.checklistID = checklist.id
            tick.itemID = checklist.items[1].id
            tick.isChecked = true
            _ = try await rd.planner.updateChecklistItem(tick, metadata: try await rd.auth(.ann))
            var list = Rushday_V1_GetSavedChecklistsRequest()
            list.eventID = event.id
            let saved = try await rd.planner.getSavedChecklists(list, metadata: try await rd.auth(.ann)).checklists
            #expect(saved.map(\.id) == [checklist.id])
            #expect(saved.first?.items.map(\.isChecked) == checklist.items.indices.map { $0 == 1 })

            var unsave = Rushday_V1_UnsaveChecklistRequest()
            unsave.eventID = event.id
            unsave.checklistID = checklist.id
            #expect(try await rd.planner.unsaveChecklist(unsave, metadata: try await rd.auth(.ann)).success)
            #expect(try await rd.planner.getSavedChecklists(list, metadata: try await rd.auth(.ann)).checklists.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func checklistsAreTheCallersOwnAndUnknownItemsAreNotFound(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event)
            let reply = try await rd.sendChat(.ann, event.id, "give me a catering checklist please")
            #expect(reply.checklist.topic == .catering && !reply.checklist.items.isEmpty)
            #expect(reply.responseMessage.checklist.id == reply.checklist.id)
            var save = Rushday_V1_SaveChecklistRequest()
            save.eventID = event.id
            save.checklistID = reply.checklist.id
            #expect(await rpcCode { _ = try await rd.planner.saveChecklist(save, metadata: try await rd.auth(.bob)) } == .notFound)
            #expect(await rpcCode { _ = try await rd.planner.saveChecklist(save, metadata: try await rd.auth(.cid)) } == .notFound)
            var tick = Rushday_V1_UpdateChecklistItemRequest()
            tick.eventID = event.id
            tick.checklistID = reply.checklist.id
            tick.itemID = "nope"
            #expect(await rpcCode { _ = try await rd.planner.updateChecklistItem(tick, metadata: try await rd.auth(.ann)) } == .notFound)
            let history = try await rd.chatHistory(.ann, event.id, limit: 0)
            #expect(history.messages.last?.checklist.id == reply.checklist.id)
        }
    }
}
