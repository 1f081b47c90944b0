import HearthCore
import Testing
@testable import RushDayServer

@Suite("Assistant chat rules, checklists and hints (§5.8, §6 #54, #55, #57)")
struct ChatRulesTests {
    func input(_ message: String, canEdit: Bool = true, tasks: [ChatTaskSnapshot] = [], topic: ChatTopicKind? = nil, budget: Int64? = nil) -> ChatReplyInput {
        ChatReplyInput(
            message: message, topic: topic, event: PlannerFixtures.eventE(plannedBudget: budget), tasks: tasks,
            canEdit: canEdit, now: PlannerFixtures.now)
    }

    let twoTasks = [ChatTaskSnapshot(id: "t1", title: "Order the cake"), ChatTaskSnapshot(id: "t2", title: "Send invitations", isDone: true)]

    @Test func case54HostAddTasksSuggestsNewTitlesPendingApproval() async throws {
        let reply = try await PlannerFixtures.provider().chatReply(for: input("add some tasks", tasks: twoTasks))
        let action = try #require(reply.action)
        #expect(action.kind == .addTasks)
        #expect(!action.items.isEmpty && action.items.count <= 5)
        #expect(!action.items.contains { $0.title == "Order the cake" || $0.title == "Send invitations" })
        #expect(action.items.allSatisfy { $0.id.isEmpty && !$0.category.isEmpty && !$0.description.isEmpty })
        #expect(reply.tools.map(\.name) == ["get_tasks", "suggest_add_tasks"])
        #expect(reply.tools.map(\.status) == ["success", "pending_approval"])
        #expect(reply.tools.first?.summary == "Found 2 tasks, 1 done")
        #expect(action.promptText == "Would you like me to add these \(action.items.count) tasks?")
        #expect(action.confirmButtonText == "Add tasks")
        #expect(action.declineButtonText == "No thanks")
    }

    @Test func case54ViewerGetsNoActionAndNoSuggestTools() {
        let reply = ChatRules.reply(to: input("add some tasks", canEdit: false, tasks: twoTasks), makeID: { "id" })
        #expect(reply.action == nil)
        #expect(!reply.tools.contains { $0.name.hasPrefix("suggest_") })
        #expect(reply.content.contains("edit rights"))
    }

    @Test func budgetChangeParsesAmountIntoMinorUnits() {
        let reply = ChatRules.reply(to: input("Please set the budget to 5,000.50"), makeID: { "id" })
        #expect(reply.action?.kind == .updateBudget)
        #expect(reply.action?.items.first?.amount == 500_050)
        #expect(reply.action?.promptText == "Set your budget to $5,000.50?")
        #expect(reply.tools.map(\.name) == ["suggest_update_budget"])
    }

    @Test func removeDoneTasksWhenNoTitleMatches() {
        let reply = ChatRules.reply(to: input("remove the completed tasks", tasks: twoTasks), makeID: { "id" })
        #expect(reply.action?.kind == .removeTasks)
        #expect(reply.action?.items.map(\.id) == ["t2"])
        #expect(reply.action?.confirmButtonText == "Remove")
    }

    @Test func removeByTitleAndNoMatchAsksWhich() {
        let matched = ChatRules.reply(to: input("delete order the cake from my tasks", tasks: twoTasks), makeID: { "id" })
        #expect(matched.action?.items.map(\.id) == ["t1"])
        let unmatched = ChatRules.reply(to: input("delete a task", tasks: twoTasks), makeID: { "id" })
        #expect(unmatched.action == nil)
        #expect(unmatched.tools.map(\.name) == ["get_tasks"])
    }

    @Test func earliestEntityInTextCounts() {
        let reply = ChatRules.reply(to: input("add to the schedule, not the tasks"), makeID: { "id" })
        #expect(reply.action?.kind == .addAgenda)
        #expect(reply.action?.items.first?.startTime == "2026-06-13T18:00:00Z")
    }

    @Test func statusRunsAllThreeGetTools() {
        let reply = ChatRules.reply(to: input("what's left to do?", tasks: twoTasks), makeID: { "id" })
        #expect(reply.tools.map(\.name) == ["get_tasks", "get_agenda", "get_expenses"])
        #expect(reply.action == nil)
        #expect(reply.content.contains("1 open tasks"))
    }

    @Test func fallbackMentionsTypeNounAndGuestCount() {
        let reply = ChatRules.reply(to: input("any ideas?"), makeID: { "id" })
        #expect(reply.content.contains("Birthday Celebration"))
        #expect(reply.content.contains("30 guests"))
        #expect(reply.suggestedTopics == ["timeline", "budget", "venue"])
    }

    @Test func case57ChecklistHasFiveToEightItemsAndTitle() {
        let reply = ChatRules.reply(to: input("give me a checklist", topic: .venue), makeID: { "id" })
        let checklist = reply.checklist
        #expect(checklist?.title == "Venue checklist for Mia's 30th")
        #expect((5...8).contains(checklist?.items.count ?? 0))
        for topic in ChatTopicKind.allCases { #expect((5...8).contains(TopicChecklists.items(for: topic).count)) }
        let inferred = ChatRules.reply(to: input("a music checklist please"), makeID: { "id" })
        #expect(inferred.checklist?.topic == .music)
    }

    @Test func case55DeltasConcatenateToContentAndStayWithinFortyCharacters() {
        let texts = [
            ChatRules.reply(to: input("what's left to do?", tasks: twoTasks), makeID: { "id" }).content,
            "short", "", String(repeating: "x", count: 95) + " tail  with   spaces ",
        ]
        for text in texts {
            let chunks = ChatStreamFraming.deltas(of: text)
            #expect(chunks.joined() == text)
            #expect(chunks.allSatisfy { $0.count <= 40 && !$0.isEmpty })
        }
    }

    @Test func hintsFollowCandidateOrder() {
        let hints = ChatHints.hints(for: ChatHintsInput(
            typeNoun: "Birthday Celebration", hasTasks: false, hasAgenda: false, budgetIsSet: false,
            eventDate: PlannerFixtures.eventEDate, now: PlannerFixtures.now, lastTopic: .venue))
        #expect(hints.primaryHint == "Ask me to create a task list for your Birthday Celebration")
        #expect(hints.suggestedHints == [
            "Ask me to plan the schedule for the day", "Tell me your budget and I'll split it into expenses",
            "Ask for a Venue checklist",
        ])
        let soon = ChatHints.hints(for: ChatHintsInput(
            typeNoun: "x", hasTasks: true, hasAgenda: true, budgetIsSet: true,
            eventDate: PlannerFixtures.now.adding(seconds: 86_400), now: PlannerFixtures.now))
        #expect(soon.primaryHint == "Ask what's left to do before the big day")
        #expect(soon.suggestedHints.count == 3)
    }
}

@Suite("Chat stream framing (§5.8 SendChatMessageStream)")
struct ChatStreamFramingTests {
    @Test func toolsInProgressThenFinalThenDeltas() {
        let input = ChatReplyInput(message: "add tasks", event: PlannerFixtures.eventE(), now: PlannerFixtures.now)
        let reply = ChatRules.reply(to: input, makeID: { "id" })
        let events = ChatStreamFraming.events(for: reply)
        var statuses: [String] = []
        var text = ""
        for event in events {
            switch event {
            case .tool(let run): statuses.append("\(run.name):\(run.status)")
            case .delta(let chunk): text += chunk
            }
        }
        #expect(statuses == [
            "get_tasks:in_progress", "get_tasks:success", "suggest_add_tasks:in_progress", "suggest_add_tasks:pending_approval",
        ])
        #expect(text == reply.content)
    }
}
