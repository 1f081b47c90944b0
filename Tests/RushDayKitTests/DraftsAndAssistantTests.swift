import Foundation
import HearthTesting
import RushDayKit
import RushDayProto
import Testing

/// Wizard drafts and the assistant's stored data (history, saved conversations, checklists)
/// through RushDayKit.
@Suite("RushDayKit — drafts and the assistant's stored data")
struct DraftsAndAssistantTests {
    static func draftData(_ name: String, venue: String? = nil, services: [String] = []) -> Rushday_V1_DraftEventData {
        var data = Rushday_V1_DraftEventData()
        data.name = name
        if let venue { data.venue = venue }
        data.services = services
        data.currentStep = 1
        return data
    }

    @Test(arguments: TestEngine.available)
    func draftIsReplacedWholeListedNewestFirstAndPrivateToItsCreator(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let first = try await ann.createDraft(Self.draftData("Picnic", venue: "Park", services: ["catering"]))
                try await Task.sleep(for: .milliseconds(20))
                let second = try await ann.createDraft(Self.draftData("Brunch"))
                let read = try await ann.draft(id: first.id)
                #expect(read.data.name == "Picnic" && read.data.venue == "Park" && read.data.services == ["catering"])
                #expect(try await ann.drafts().draftEvents.map(\.id) == [second.id, first.id])

                try await Task.sleep(for: .milliseconds(20))
                var replacement = Self.draftData("Picnic at noon")
                replacement.currentStep = 3
                let replaced = try await ann.updateDraft(id: first.id, data: replacement)
                #expect(replaced.data.name == "Picnic at noon" && replaced.data.currentStep == 3)
                #expect(!replaced.data.hasVenue && replaced.data.services.isEmpty)
                let listed = try await ann.drafts()
                #expect(listed.draftEvents.map(\.id) == [first.id, second.id] && listed.totalCount == 2)

                try await server.withPerson("Bob") { bob, _ in
                    #expect(await rushDayError { _ = try await bob.draft(id: first.id) }?.code == "not_found")
                    #expect(await rushDayError { try await bob.deleteDraft(id: first.id) }?.code == "not_found")
                    let bobsDrafts = try await bob.drafts()
                    #expect(bobsDrafts.draftEvents.isEmpty)
                }

                try await ann.deleteDraft(id: first.id)
                #expect(await rushDayError { _ = try await ann.draft(id: first.id) }?.code == "not_found")
                #expect(try await ann.drafts().draftEvents.map(\.id) == [second.id])
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func chatHistoryPagesBackwardsAndSavingAConversationKeepsItsMessages(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Garden party"))
                var question = Rushday_V1_SendChatMessageRequest()
                question.eventID = event.id
                question.message = "What should I do first?"
                let firstReply = try await ann.chat(question)
                let conversationID = firstReply.conversationID
                #expect(!conversationID.isEmpty)
                question.message = "And what about food?"
                question.conversationID = conversationID
                _ = try await ann.chat(question)

                let newest = try await ann.chatHistory(eventID: event.id, limit: 2)
                #expect(newest.messages.map(\.role) == [.user, .assistant] && newest.hasMore_p)
                #expect(newest.messages.first?.content == "And what about food?")
                let older = try await ann.chatHistory(eventID: event.id, limit: 2, cursor: newest.nextCursor)
                #expect(older.messages.first?.content == "What should I do first?" && !older.hasMore_p)
                let whole = try await ann.chatHistory(eventID: event.id, conversationID: conversationID)
                #expect(whole.messages.count == 4 && !whole.hasMore_p)

                let hints = try await ann.chatHints(eventID: event.id)
                #expect(!hints.primaryHint.isEmpty)

                let saved = try await ann.saveConversation(eventID: event.id, conversationID: conversationID)
                #expect(saved.conversationID == conversationID && saved.title == "What should I do first?" && saved.messageCount == 4)
                #expect(try await ann.savedConversations(eventID: event.id).map(\.conversationID) == [conversationID])
                try await ann.unsaveConversation(eventID: event.id, conversationID: conversationID)
                #expect(try await ann.savedConversations(eventID: event.id).isEmpty)
                #expect(try await ann.chatHistory(eventID: event.id).messages.count == 4)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func savedChecklistKeepsItsTickedItemsUntilUnsaved(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Wedding"))
                let message = try await ann.generateChecklist(eventID: event.id, topic: .catering)
                #expect(message.role == .assistant && message.hasChecklist)
                let checklist = message.checklist
                let item = try #require(checklist.items.first)
                #expect(!checklist.isSaved && checklist.items.allSatisfy { !$0.isChecked })

                let saved = try await ann.saveChecklist(eventID: event.id, checklistID: checklist.id)
                #expect(saved.isSaved)
                let ticked = try await ann.setChecklistItem(eventID: event.id, checklistID: checklist.id, itemID: item.id, checked: true)
                #expect(ticked.items.filter(\.isChecked).map(\.id) == [item.id])

                let listed = try await ann.savedChecklists(eventID: event.id)
                #expect(listed.map(\.id) == [checklist.id])
                #expect(listed.first?.items.filter(\.isChecked).map(\.id) == [item.id])

                try await ann.unsaveChecklist(eventID: event.id, checklistID: checklist.id)
                #expect(try await ann.savedChecklists(eventID: event.id).isEmpty)
            }
        }
    }
}
