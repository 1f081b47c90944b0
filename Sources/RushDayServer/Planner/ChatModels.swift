import HearthCore

/// Chat topics (`ChatTopic`, §5.8).
public enum ChatTopicKind: String, Sendable, Hashable, CaseIterable {
    case general, venue, decor, catering, budget, music
    case photoVideo = "photo_video"
    case entertainment, timeline, invitations, transport

    /// The topic key used in `suggested_topics`.
    public var key: String { rawValue }

    public var label: String {
        switch self {
        case .general: "General"
        case .venue: "Venue"
        case .decor: "Decor"
        case .catering: "Catering"
        case .budget: "Budget"
        case .music: "Music"
        case .photoVideo: "Photo & Video"
        case .entertainment: "Entertainment"
        case .timeline: "Timeline"
        case .invitations: "Invitations"
        case .transport: "Transport"
        }
    }
}

/// A stored task as the assistant sees it.
public struct ChatTaskSnapshot: Sendable, Hashable {
    public var id: String
    public var title: String
    public var isDone: Bool

    public init(id: String, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// A stored agenda item as the assistant sees it.
public struct ChatAgendaSnapshot: Sendable, Hashable {
    public var id: String
    public var title: String
    public var startTime: Timestamp
    public var endTime: Timestamp?

    public init(id: String, title: String, startTime: Timestamp, endTime: Timestamp? = nil) {
        self.id = id
        self.title = title
        self.startTime = startTime
        self.endTime = endTime
    }
}

/// A stored expense as the assistant sees it.
public struct ChatExpenseSnapshot: Sendable, Hashable {
    public var id: String
    public var title: String
    public var category: String?
    public var amount: Int64

    public init(id: String, title: String, category: String? = nil, amount: Int64 = 0) {
        self.id = id
        self.title = title
        self.category = category
        self.amount = amount
    }
}

/// Everything a chat reply depends on.
public struct ChatReplyInput: Sendable, Hashable {
    public var message: String
    /// The request's topic (nil = unspecified).
    public var topic: ChatTopicKind?
    public var event: PlannerEventContext
    public var tasks: [ChatTaskSnapshot]
    public var agenda: [ChatAgendaSnapshot]
    public var expenses: [ChatExpenseSnapshot]
    /// False for viewers: rules 2–4 then produce no action and no `suggest_*` tools.
    public var canEdit: Bool
    /// "Now", for the status summary's next agenda item.
    public var now: Timestamp

    public init(
        message: String, topic: ChatTopicKind? = nil, event: PlannerEventContext, tasks: [ChatTaskSnapshot] = [],
        agenda: [ChatAgendaSnapshot] = [], expenses: [ChatExpenseSnapshot] = [], canEdit: Bool = true, now: Timestamp
    ) {
        self.message = message
        self.topic = topic
        self.event = event
        self.tasks = tasks
        self.agenda = agenda
        self.expenses = expenses
        self.canEdit = canEdit
        self.now = now
    }
}

/// One tool run reported to the client (`ToolExecution`).
public struct ChatToolRun: Sendable, Hashable {
    public var id: String
    /// e.g. `get_tasks`, `suggest_add_tasks`.
    public var name: String
    /// `success` | `error` | `pending_approval` (streams show `in_progress` first).
    public var status: String
    public var summary: String
}

/// `SuggestedActionType` of the proto.
public enum ChatActionKind: Sendable, Hashable {
    case addTasks, removeTasks, addAgenda, removeAgenda, addExpenses, removeExpenses, updateBudget
}

/// One item of a suggested action (`SuggestedActionItem`).
public struct ChatActionItem: Sendable, Hashable {
    public var id: String = ""
    public var title: String = ""
    public var description: String = ""
    public var category: String = ""
    public var amount: Int64 = 0
    /// RFC 3339 UTC, agenda only.
    public var startTime: String = ""
    public var durationMinutes: Int = 0
}

/// A change the client may apply after confirmation (`SuggestedAction`).
public struct ChatSuggestedAction: Sendable, Hashable {
    public var kind: ChatActionKind
    public var promptText: String
    public var confirmButtonText: String
    public var declineButtonText: String
    public var items: [ChatActionItem]
}

/// A topic checklist (`ChatChecklist`); ids and timestamps are set by the service on storage,
/// item ids by the provider.
public struct TopicChecklist: Sendable, Hashable {
    public var id: String
    public var topic: ChatTopicKind
    public var title: String
    public var description: String
    public var items: [TopicChecklistItem]
}

public struct TopicChecklistItem: Sendable, Hashable {
    public var id: String
    public var text: String
}

/// The assistant's reply.
public struct ChatReply: Sendable, Hashable {
    public var content: String
    /// The topic the reply is about (request topic, else inferred, else general).
    public var topic: ChatTopicKind
    public var tools: [ChatToolRun]
    public var action: ChatSuggestedAction?
    public var checklist: TopicChecklist?
    public var hintText: String
    public var suggestedTopics: [String]
}
