import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

extension RushDayHarness {
    func chatHistory(
        _ user: TestUser, _ eventID: String, limit: Int32, cursor: String? = nil, conversationID: String? = nil
    ) async throws -> Rushday_V1_GetChatHistoryResponse {
        var request = Rushday_V1_GetChatHistoryRequest()
        request.eventID = eventID
        request.limit = limit
        if let cursor { request.cursor = cursor }
        if let conversationID { request.conversationID = conversationID }
        return try await planner.getChatHistory(request, metadata: try await auth(user))
    }
}

/// The assistant chat (spec §5.8, §6 #54–#56): role-aware replies, streaming, history paging
/// and saved conversations, private to (event, caller).
@Suite struct ChatServiceTests {
    @Test(arguments: TestEngine.available)
    func editorsGetSuggestedTasksAndViewersGetNoSuggestTools(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.createTask(.ann, event.id, name: "Set the overall budget")
            try await rd.createTask(.ann, event.id, name: "Order the cake")
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            let owner = try await rd.sendChat(.ann, event.id, "add some tasks")
            #expect(owner.success && !owner.conversationID.isEmpty)
            #expect(owner.suggestedAction.actionType == .addTasks)
            let titles = owner.suggestedAction.items.map { $0.title.lowercased() }
            #expect(!titles.isEmpty && !titles.contains("set the overall budget") && !titles.contains("order the cake"))
            #expect(owner.suggestedAction.items.allSatisfy { $0.id.isEmpty })
            #expect(owner.toolExecutions.map(\.toolName) == ["get_tasks", "suggest_add_tasks"])
            #expect(owner.toolExecutions.map(\.status) == ["success", "pending_approval"])

            let viewer = try await rd.sendChat(.bob, event.id, "add some tasks")
            #expect(viewer.success && !viewer.hasSuggestedAction)
            #expect(!viewer.toolExecutions.contains { $0.toolName.hasPrefix("suggest_") })
            #expect(try await rd.listTasks(.ann, event.id).tasks.count == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func streamSendsToolsThenDeltasThatSpellTheFinalReply(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var request = Rushday_V1_SendChatMessageRequest()
            request.eventID = event.id
            request.message = "what's left to do?"
            let messages = try await rd.planner.sendChatMessageStream(request, metadata: try await rd.auth(.ann)) { response in
                var messages: [Rushday_V1_ChatStreamResponse] = []
                for try await message in response.messages { messages.append(message) }
                return messages
            }
            var tools: [String] = []
            var text = ""
            var done: Rushday_V1_SendChatMessageResponse?
            var order: [String] = []
            for message in messages {
                switch message.payload {
                case .toolExecution(let tool):
                    tools.append("\(tool.toolName):\(tool.status)")
                    order.append("tool")
                case .delta(let delta):
                    text += delta.text
                    #expect(delta.text.count <= 40)
                    order.append("delta")
                case .done(let response):
                    done = response
                    order.append("done")
                default:
                    order.append("other")
                }
            }
            #expect(tools.first == "get_tasks:in_progress" && tools.dropFirst().first == "get_tasks:success")
            #expect(tools.count == 6)
            #expect(order.last == "done")
            let rank = ["tool": 0, "delta": 1, "done": 2]
            #expect(order.map { rank[$0] ?? 3 } == order.map { rank[$0] ?? 3 }.sorted())
            #expect(!text.isEmpty && text == done?.responseMessage.content)
            let history = try await rd.chatHistory(.ann, event.id, limit: 0)
            #expect(history.messages.map(\.role) == [.user, .assistant])
        }
    }

    @Test(arguments: TestEngine.available)
    func historyPagesBackwardsOldestFirstWithinAPage(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let first = try await rd.sendChat(.ann, event.id, "message one")
            _ = try await rd.sendChat(.ann, event.id, "message two", conversationID: first.conversationID)
            _ = try await rd.sendChat(.ann, event.id, "message three", conversationID: first.conversationID)
            let newest = try await rd.chatHistory(.ann, event.id, limit: 4)
            #expect(newest.hasMore_p)
            #expect(newest.messages.map(\.role) == [.user, .assistant, .user, .assistant])
            #expect(newest.messages.first?.content == "message two")
            #expect(newest.messages.dropFirst(2).first?.content == "message three")
            let older = try await rd.chatHistory(.ann, event.id, limit: 4, cursor: newest.nextCursor)
            #expect(!older.hasMore_p)
            #expect(older.messages.map(\.content).first == "message one")
            #expect(older.messages.count == 2)
            #expect(await rpcCode { _ = try await rd.chatHistory(.ann, event.id, limit: 4, cursor: "%%%") } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.chatHistory(.ann, event.id, limit: 201) } == .invalidArgument)
            #expect(try await rd.chatHistory(.ann, event.id, limit: 4, conversationID: first.conversationID).messages.count == 4)
        }
    }

    @Test(arguments: TestEngine.available)
    func aRemovedCoHostsConversationsLeaveWithThemAndTheOwnersStay(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let secret = try await rd.addCoHost(.bob, to: event)
            _ = try await rd.sendChat(.bob, event.id, "what's left to do?")
            _ = try await rd.sendChat(.ann, event.id, "what's left to do?")
            var remove = Rushday_V1_RemoveSharedUserRequest()
            remove.eventID = event.id
            remove.secret = secret
            _ = try await rd.events.removeSharedUser(remove, metadata: try await rd.auth(.ann))
            _ = try await rd.addCoHost(.bob, to: event)
            #expect(try await rd.chatHistory(.bob, event.id, limit: 0).messages.isEmpty)
            #expect(try await rd.chatHistory(.ann, event.id, limit: 0).messages.count == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func chatDataIsPrivateToTheCallerAndHiddenFromStrangers(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event)
            let mine = try await rd.sendChat(.ann, event.id, "hello there")
            #expect(await rpcCode { _ = try await rd.sendChat(.bob, event.id, "hi", conversationID: mine.conversationID) } == .notFound)
            #expect(try await rd.chatHistory(.bob, event.id, limit: 0).messages.isEmpty)
            #expect(await rpcCode { _ = try await rd.sendChat(.cid, event.id, "hi") } == .notFound)
            #expect(await rpcCode { _ = try await rd.sendChat(.ann, event.id, "   ") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func savedConversationsKeepTitlePreviewAndCountAndUnsaveKeepsMessages(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let longText = "Please help me think about the venue for the party because I have no idea where to start"
            let reply = try await rd.sendChat(.ann, event.id, longText)
            var save = Rushday_V1_SaveConversationRequest()
            save.eventID = event.id
            save.conversationID = reply.conversationID
            let saved = try await rd.planner.saveConversation(save, metadata: try await rd.auth(.ann)).conversation
            #expect(saved.title == String(longText.prefix(60)))
            #expect(saved.preview == String(reply.responseMessage.content.prefix(120)))
            #expect(saved.messageCount == 2 && saved.conversationID == reply.conversationID)
            var list = Rushday_V1_GetSavedConversationsRequest()
            list.eventID = event.id
            #expect(try await rd.planner.getSavedConversations(list, metadata: try await rd.auth(.ann)).conversations.map(\.id) == [saved.id])
            var unsave = Rushday_V1_UnsaveConversationRequest()
            unsave.eventID = event.id
            unsave.conversationID = reply.conversationID
            #expect(try await rd.planner.unsaveConversation(unsave, metadata: try await rd.auth(.ann)).success)
            #expect(try await rd.planner.getSavedConversations(list, metadata: try await rd.auth(.ann)).conversations.isEmpty)
            #expect(try await rd.chatHistory(.ann, event.id, limit: 0).messages.count == 2)
            save.conversationID = "nope"
            #expect(await rpcCode { _ = try await rd.planner.saveConversation(save, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func hintsStartWithWhatTheEventStillLacks(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var request = Rushday_V1_GetChatHintsRequest()
            request.eventID = event.id
            request.lastTopic = .venue
            let hints = try await rd.planner.getChatHints(request, metadata: try await rd.auth(.ann))
            #expect(hints.primaryHint == "Ask me to create a task list for your Birthday Celebration")
            #expect(hints.suggestedHints == [
                "Ask me to plan the schedule for the day", "Tell me your budget and I'll split it into expenses", "Ask for a Venue checklist",
            ])
            #expect(await rpcCode { _ = try await rd.planner.getChatHints(request, metadata: try await rd.auth(.cid)) } == .notFound)
        }
    }
}
