import HearthCore

/// The assistant's intent rules (§5.8), first match wins: checklist, budget change, remove,
/// add, status, fallback.
public enum ChatRules {
    /// Chat entities, with the words that name them.
    public enum Entity: Sendable, Hashable, CaseIterable {
        case tasks, agenda, expenses

        var words: Set<String> {
            switch self {
            case .tasks: ["task", "tasks", "to-do", "todo", "to-dos", "todos"]
            case .agenda: ["agenda", "schedule", "timeline", "program", "itinerary"]
            case .expenses: ["expense", "expenses", "cost", "costs", "spending"]
            }
        }

        var toolSuffix: String {
            switch self {
            case .tasks: "tasks"
            case .agenda: "agenda"
            case .expenses: "expenses"
            }
        }

        var noun: String {
            switch self {
            case .tasks: "tasks"
            case .agenda: "agenda items"
            case .expenses: "expenses"
            }
        }
    }

    static let budgetVerbs: Set<String> = ["set", "change", "update", "increase", "raise", "lower", "reduce", "make"]
    static let removeVerbs: Set<String> = ["remove", "delete", "drop", "cancel"]
    static let addVerbs: Set<String> = ["add", "create", "suggest", "generate", "plan", "need", "more"]
    static let statusWords: Set<String> = ["status", "progress", "overview", "summary", "left", "remaining", "next"]
    static let topicWords: [(String, ChatTopicKind)] = [
        ("venue", .venue), ("decor", .decor), ("catering", .catering), ("food", .catering), ("budget", .budget),
        ("music", .music), ("photo", .photoVideo), ("video", .photoVideo), ("entertainment", .entertainment),
        ("timeline", .timeline), ("schedule", .timeline), ("invitation", .invitations), ("transport", .transport),
    ]

    /// Lower-cased words (letters, digits, `-`), in order.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The entity named earliest in the text.
    static func entity(in tokens: [String]) -> Entity? {
        for token in tokens {
            if let entity = Entity.allCases.first(where: { $0.words.contains(token) }) { return entity }
        }
        return nil
    }

    /// The topic named earliest in the text (substring match), if any.
    public static func inferredTopic(in text: String) -> ChatTopicKind? {
        let lower = text.lowercased()
        var best: (String.Index, ChatTopicKind)?
        for (word, topic) in topicWords {
            if let range = lower.range(of: word), best.map({ range.lowerBound < $0.0 }) ?? true {
                best = (range.lowerBound, topic)
            }
        }
        return best?.1
    }

    /// The first number in the text as minor units ("," ignored, "." decimal point).
    static func amount(in text: String, currency: PlannerCurrency) -> Int64? {
        var digits = ""
        var fraction = ""
        var inFraction = false
        var started = false
        for character in text {
            if character.isASCII && character.isNumber {
                started = true
                if inFraction { fraction.append(character) } else { digits.append(character) }
            } else if started && character == "," && !inFraction {
                continue
            } else if started && character == "." && !inFraction {
                inFraction = true
            } else if started {
                break
            }
        }
        guard !digits.isEmpty, digits.count <= 14, let major = Int64(digits) else { return nil }
        let exponent = currency.exponent
        let kept = String(fraction.prefix(exponent))
        let padded = kept + String(repeating: "0", count: exponent - kept.count)
        let minor = Int64(padded) ?? 0
        let roundUp = fraction.count > exponent && (fraction.dropFirst(exponent).first.map { $0 >= "5" } ?? false)
        return PlannerMoneyLimits.clamp(major * currency.minorUnitsPerMajor + minor + (roundUp ? 1 : 0))
    }

    public static func reply(to input: ChatReplyInput, makeID: () -> String) -> ChatReply {
        let lower = input.message.lowercased()
        let words = tokens(input.message)
        let wordSet = Set(words)
        let topic = input.topic ?? inferredTopic(in: input.message) ?? .general
        var tools: [ChatToolRun] = []
        func tool(_ name: String, _ status: String, _ summary: String) {
            tools.append(ChatToolRun(id: "tool-\(tools.count + 1)", name: name, status: status, summary: summary))
        }
        func finish(_ content: String, action: ChatSuggestedAction? = nil, checklist: TopicChecklist? = nil, topic: ChatTopicKind = topic) -> ChatReply {
            let suggested = suggestedTopics(current: topic, input: input)
            let hint = suggested.first.flatMap(ChatTopicKind.init(rawValue:)).map { "Ask for a \($0.label) checklist" }
                ?? "Ask what's left to do before the big day"
            return ChatReply(
                content: content, topic: topic, tools: tools, action: action, checklist: checklist,
                hintText: hint, suggestedTopics: suggested)
        }
        let viewerText = "Only hosts with edit rights can apply changes to this event."

        // 1. Checklist.
        if lower.contains("checklist") {
            let checklist = TopicChecklists.checklist(for: topic, event: input.event, makeID: makeID)
            return finish("Here is a \(topic.label.lowercased()) checklist for \(input.event.name).", checklist: checklist)
        }
        // 2. Budget change.
        if wordSet.contains("budget"), !wordSet.isDisjoint(with: budgetVerbs), let amount = amount(in: input.message, currency: input.event.currency) {
            guard input.canEdit else { return finish(viewerText, topic: .budget) }
            let formatted = input.event.currency.format(amount)
            tool("suggest_update_budget", "pending_approval", "Suggested budget \(formatted)")
            let action = ChatSuggestedAction(
                kind: .updateBudget, promptText: "Set your budget to \(formatted)?", confirmButtonText: "Update budget",
                declineButtonText: "No thanks", items: [ChatActionItem(title: "Planned budget", amount: amount)])
            return finish("I can set your planned budget to \(formatted).", action: action, topic: .budget)
        }
        let entity = entity(in: words)
        // 3. Remove.
        if let entity, !wordSet.isDisjoint(with: removeVerbs) {
            tool("get_\(entity.toolSuffix)", "success", fetchSummary(entity, input))
            guard input.canEdit else { return finish(viewerText) }
            var items = stored(entity, input).filter { $0.title.count >= 3 && lower.contains($0.title.lowercased()) }
            if items.isEmpty && entity == .tasks && (wordSet.contains("done") || wordSet.contains("completed")) {
                items = input.tasks.filter(\.isDone).map { ChatActionItem(id: $0.id, title: $0.title) }
            }
            guard !items.isEmpty else {
                return finish("Which \(entity.noun) would you like to remove? Mention them by name.")
            }
            tool("suggest_remove_\(entity.toolSuffix)", "pending_approval", "Suggested removing \(items.count) \(entity.noun)")
            let kind: ChatActionKind = switch entity {
            case .tasks: .removeTasks
            case .agenda: .removeAgenda
            case .expenses: .removeExpenses
            }
            let action = ChatSuggestedAction(
                kind: kind, promptText: "Remove these \(items.count) \(entity.noun)?", confirmButtonText: "Remove",
                declineButtonText: "No thanks", items: items)
            return finish("I found \(items.count) \(entity.noun) to remove.", action: action)
        }
        // 4. Add.
        if let entity, !wordSet.isDisjoint(with: addVerbs) {
            tool("get_\(entity.toolSuffix)", "success", fetchSummary(entity, input))
            guard input.canEdit else { return finish(viewerText) }
            let items = additions(entity, input)
            guard !items.isEmpty else {
                return finish("Your \(entity.noun) already cover the essentials for your \(input.event.typeNoun).")
            }
            tool("suggest_add_\(entity.toolSuffix)", "pending_approval", "Suggested \(items.count) \(entity.noun)")
            let (kind, confirm): (ChatActionKind, String) = switch entity {
            case .tasks: (.addTasks, "Add tasks")
            case .agenda: (.addAgenda, "Add agenda items")
            case .expenses: (.addExpenses, "Add expenses")
            }
            let action = ChatSuggestedAction(
                kind: kind, promptText: "Would you like me to add these \(items.count) \(entity.noun)?",
                confirmButtonText: confirm, declineButtonText: "No thanks", items: items)
            return finish("Here are \(items.count) \(entity.noun) that fit your \(input.event.typeNoun).", action: action)
        }
        // 5. Status.
        if lower.contains("how many") || !wordSet.isDisjoint(with: statusWords) {
            for entity in Entity.allCases { tool("get_\(entity.toolSuffix)", "success", fetchSummary(entity, input)) }
            return finish(statusText(input))
        }
        // 6. Fallback.
        return finish(advice(topic: topic, input: input))
    }

    static func stored(_ entity: Entity, _ input: ChatReplyInput) -> [ChatActionItem] {
        switch entity {
        case .tasks: input.tasks.map { ChatActionItem(id: $0.id, title: $0.title) }
        case .agenda: input.agenda.map { ChatActionItem(id: $0.id, title: $0.title, startTime: $0.startTime.iso8601) }
        case .expenses: input.expenses.map { ChatActionItem(id: $0.id, title: $0.title, category: $0.category ?? "", amount: $0.amount) }
        }
    }

    static func fetchSummary(_ entity: Entity, _ input: ChatReplyInput) -> String {
        switch entity {
        case .tasks: "Found \(input.tasks.count) tasks, \(input.tasks.filter(\.isDone).count) done"
        case .agenda: "Found \(input.agenda.count) agenda items"
        case .expenses:
            "Found \(input.expenses.count) expenses totalling \(input.event.currency.format(input.expenses.reduce(0) { $0 + $1.amount }))"
        }
    }

    /// Up to 5 template items whose titles are not present yet.
    static func additions(_ entity: Entity, _ input: ChatReplyInput) -> [ChatActionItem] {
        switch entity {
        case .tasks:
            let present = Set(input.tasks.map { PlannerText.trimmed($0.title).lowercased() })
            let candidates = PlanTasks.candidates(kind: input.event.kind, venue: .unspecified, services: [])
                .filter { !present.contains($0.title.lowercased()) }
            return PlanTasks.select(candidates, limit: 5).map {
                ChatActionItem(title: $0.title, description: $0.description, category: $0.category)
            }
        case .agenda:
            let generated = EventGenerators.agenda(AgendaGenerationInput(
                event: input.event,
                storedItems: input.agenda.map { ExistingAgendaItem(title: $0.title, startTime: $0.startTime, endTime: $0.endTime) }))
            return generated.prefix(5).map {
                ChatActionItem(title: $0.title, startTime: $0.startTime.rfc3339Seconds, durationMinutes: $0.durationMinutes)
            }
        case .expenses:
            let estimate = EventGenerators.expenses(ExpenseGenerationInput(
                event: input.event, agendaTitles: input.agenda.map(\.title),
                storedExpenses: input.expenses.map { ExistingExpense(title: $0.title, category: $0.category) }))
            return estimate.items.prefix(5).map { ChatActionItem(title: $0.category.label, category: $0.category.key, amount: $0.amount) }
        }
    }

    static func statusText(_ input: ChatReplyInput) -> String {
        let open = input.tasks.filter { !$0.isDone }.count
        let done = input.tasks.count - open
        var text = "You have \(open) open tasks and \(done) done."
        if let next = input.agenda.filter({ $0.startTime >= input.now }).min(by: { $0.startTime < $1.startTime }) {
            text += " Next on the agenda: \(next.title) at \(next.startTime.rfc3339Seconds)."
        } else {
            text += " There is nothing upcoming on the agenda."
        }
        let spent = input.event.currency.format(input.expenses.reduce(0) { $0 + $1.amount })
        if let planned = input.event.plannedBudget, planned > 0 {
            text += " Expenses total \(spent) of your \(input.event.currency.format(planned)) budget."
        } else {
            text += " Expenses total \(spent); no budget is set yet."
        }
        return text
    }

    static func advice(topic: ChatTopicKind, input: ChatReplyInput) -> String {
        let noun = input.event.typeNoun
        let guests = input.event.guestCount
        let tip = switch topic {
        case .venue: "Shortlist venues that comfortably fit your guests and check what the price includes."
        case .decor: "Pick one colour palette and repeat it on tables, entrance and lighting."
        case .catering: "Plan food per guest, collect dietary needs early and confirm numbers a week ahead."
        case .budget: "Set a total first, split it by category and keep about 10% aside for surprises."
        case .music: "Plan music for arrival, dinner and dancing, and share a must-play list."
        case .photoVideo: "Share a shot list with your photographer and plan one group photo."
        case .entertainment: "Choose activities that suit your guests and fit them into the agenda."
        case .timeline: "Work backwards from the date and leave buffer time between agenda items."
        case .invitations: "Send invitations about a month ahead and set a clear RSVP date."
        case .transport: "Check parking and share directions; arrange rides for guests who need them."
        case .general: "Start with the budget, guest list and venue, then book vendors in order of lead time."
        }
        return "For your \(noun) with about \(guests) guests, here is a tip. \(tip) Ask me to add tasks, plan the schedule or split your budget."
    }

    /// Up to 3 topic keys different from the current topic: gaps first, then the fixed order.
    static func suggestedTopics(current: ChatTopicKind, input: ChatReplyInput) -> [String] {
        var order: [ChatTopicKind] = []
        if input.agenda.isEmpty { order.append(.timeline) }
        if (input.event.plannedBudget ?? 0) <= 0 { order.append(.budget) }
        order += [.venue, .catering, .decor, .music, .photoVideo, .entertainment, .invitations, .transport]
        var seen = Set<ChatTopicKind>([current])
        return order.filter { seen.insert($0).inserted }.prefix(3).map(\.key)
    }
}
