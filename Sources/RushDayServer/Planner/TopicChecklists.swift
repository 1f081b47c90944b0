import HearthCore

/// Fixed topic checklists (§5.8 `GenerateTopicChecklist`), chat hints (`GetChatHints`) and the
/// chat stream's delta chunking.
public enum TopicChecklists {
    /// 5–8 items per topic.
    public static func items(for topic: ChatTopicKind) -> [String] {
        switch topic {
        case .general:
            ["Set the date and time", "Agree on the overall budget", "Draft the guest list", "Book the venue",
             "Send invitations", "Arrange food and drinks", "Confirm vendors a few days ahead"]
        case .venue:
            ["Decide on indoor or outdoor", "Check capacity for your guest count", "Visit two or three venues",
             "Confirm accessibility and parking", "Ask what is included in the price", "Sign the contract and pay the deposit"]
        case .decor:
            ["Pick a colour palette", "Choose a theme or mood", "List table and entrance decorations",
             "Order balloons, flowers or signage", "Plan lighting", "Assign helpers for setup and cleanup"]
        case .catering:
            ["Set a per-guest food budget", "Collect dietary restrictions", "Choose buffet or plated service",
             "Schedule a tasting", "Plan drinks and non-alcoholic options", "Order the cake or desserts",
             "Confirm final headcount with the caterer"]
        case .budget:
            ["Set the total budget", "Split it into categories", "Collect quotes from vendors",
             "Track deposits and due dates", "Keep a 10% buffer for surprises", "Review spending weekly"]
        case .music:
            ["Choose a DJ, band or playlist", "List must-play and do-not-play songs", "Check the venue's sound rules",
             "Plan music for arrival, dinner and dancing", "Test the sound system"]
        case .photoVideo:
            ["Decide on photo, video or both", "Compare photographer portfolios", "Share a shot list",
             "Plan a group photo moment", "Set up a shared album for guests"]
        case .entertainment:
            ["Pick activities that suit your guests", "Book performers or hosts", "Plan games and prizes",
             "Prepare a kids' corner if needed", "Schedule entertainment in the agenda"]
        case .timeline:
            ["Fix the start and end times", "Block arrival and welcome time", "Schedule food service",
             "Plan speeches or key moments", "Leave buffer time between items", "Share the run-of-show with helpers"]
        case .invitations:
            ["Finalise the guest list", "Choose digital or printed invitations", "Write the invitation message",
             "Send invitations", "Set an RSVP deadline", "Follow up with guests who have not answered"]
        case .transport:
            ["Estimate how guests will arrive", "Check parking near the venue", "Book shuttles or taxis if needed",
             "Share directions with guests", "Plan rides home for late guests"]
        }
    }

    /// The checklist for a topic: "{Topic label} checklist for {event name}".
    public static func checklist(for topic: ChatTopicKind, event: PlannerEventContext, makeID: () -> String) -> TopicChecklist {
        TopicChecklist(
            id: makeID(), topic: topic, title: "\(topic.label) checklist for \(event.name)",
            description: "Steps for your \(event.typeNoun) with about \(event.guestCount) guests.",
            items: items(for: topic).map { TopicChecklistItem(id: makeID(), text: $0) }
        )
    }
}

/// What `GetChatHints` looks at.
public struct ChatHintsInput: Sendable, Hashable {
    public var typeNoun: String
    public var hasTasks: Bool
    public var hasAgenda: Bool
    public var budgetIsSet: Bool
    public var eventDate: Timestamp
    public var now: Timestamp
    public var lastTopic: ChatTopicKind?

    public init(typeNoun: String, hasTasks: Bool, hasAgenda: Bool, budgetIsSet: Bool, eventDate: Timestamp, now: Timestamp, lastTopic: ChatTopicKind? = nil) {
        self.typeNoun = typeNoun
        self.hasTasks = hasTasks
        self.hasAgenda = hasAgenda
        self.budgetIsSet = budgetIsSet
        self.eventDate = eventDate
        self.now = now
        self.lastTopic = lastTopic
    }
}

public struct ChatHints: Sendable, Hashable {
    public var primaryHint: String
    public var suggestedHints: [String]

    /// Candidates in §5.8 order; primary = first, suggested = the next three distinct ones.
    public static func hints(for input: ChatHintsInput) -> ChatHints {
        var candidates: [String] = []
        if !input.hasTasks { candidates.append("Ask me to create a task list for your \(input.typeNoun)") }
        if !input.hasAgenda { candidates.append("Ask me to plan the schedule for the day") }
        if !input.budgetIsSet { candidates.append("Tell me your budget and I'll split it into expenses") }
        let week: Int64 = 7 * 86_400_000
        let untilEvent = input.eventDate.millisecondsSince1970 - input.now.millisecondsSince1970
        if untilEvent >= 0 && untilEvent <= week { candidates.append("Ask what's left to do before the big day") }
        if let topic = input.lastTopic { candidates.append("Ask for a \(topic.label) checklist") }
        candidates += ["Ask for decoration ideas", "Ask how to keep costs down", "Ask for a timeline checklist"]
        var seen = Set<String>()
        let distinct = candidates.filter { seen.insert($0).inserted }
        return ChatHints(primaryHint: distinct.first ?? "", suggestedHints: Array(distinct.dropFirst().prefix(3)))
    }
}

public enum ChatStreamFraming {
    /// Splits a reply into `delta` chunks of ≤ 40 characters at whitespace; their
    /// concatenation equals the text exactly.
    public static func deltas(of text: String, limit: Int = 40) -> [String] {
        var pieces: [String] = []
        var current = ""
        var sawSpace = false
        for character in text {
            if !character.isWhitespace && sawSpace {
                pieces.append(current)
                current = ""
                sawSpace = false
            }
            if character.isWhitespace { sawSpace = true }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        var chunks: [String] = []
        var chunk = ""
        for piece in pieces {
            if chunk.count + piece.count <= limit {
                chunk += piece
                continue
            }
            if !chunk.isEmpty { chunks.append(chunk) }
            chunk = ""
            var rest = Substring(piece)
            while rest.count > limit {
                chunks.append(String(rest.prefix(limit)))
                rest = rest.dropFirst(limit)
            }
            chunk = String(rest)
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        return chunks
    }
}

/// What `SendChatMessageStream` sends before `done` (§5.8).
public enum ChatStreamEvent: Sendable, Hashable {
    /// A tool with its status (`in_progress`, then the final status).
    case tool(ChatToolRun)
    case delta(String)
}

extension ChatStreamFraming {
    /// For each tool, `in_progress` then its final status; then the content's deltas. The
    /// service follows these with `done` carrying the full response.
    public static func events(for reply: ChatReply) -> [ChatStreamEvent] {
        var events: [ChatStreamEvent] = []
        for run in reply.tools {
            var started = run
            started.status = "in_progress"
            events.append(.tool(started))
            events.append(.tool(run))
        }
        return events + deltas(of: reply.content).map(ChatStreamEvent.delta)
    }
}
