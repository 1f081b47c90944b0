/// Suggested tasks (§5.3): candidates, de-duplication, priority selection and output order.

public enum TaskPriority: String, Sendable, Hashable {
    case high, medium, low

    var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }
}

/// A task template entry.
public struct TaskTemplate: Sendable, Hashable {
    public var title: String
    public var daysBeforeEvent: Int
    public var priority: TaskPriority
    public var category: String

    init(_ title: String, _ days: Int, _ priority: TaskPriority, _ category: String) {
        self.title = title
        self.daysBeforeEvent = days
        self.priority = priority
        self.category = category
    }

    /// The task's description (product copy).
    public var description: String {
        daysBeforeEvent == 1
            ? "Aim to get this done the day before the event."
            : "Aim to get this done about \(daysBeforeEvent) days before the event."
    }
}

public enum PlanTasks {
    /// The common list; "Book the venue" is left out for AT_HOME.
    public static func common(venue: VenueKind) -> [TaskTemplate] {
        var list = [
            TaskTemplate("Set the overall budget", 60, .high, "budget"),
            TaskTemplate("Draft the guest list", 45, .high, "guests"),
            TaskTemplate("Book the venue", 60, .high, "venue"),
            TaskTemplate("Send invitations", 30, .high, "invitations"),
            TaskTemplate("Arrange food and drinks", 30, .high, "catering"),
            TaskTemplate("Plan decorations", 21, .medium, "decor"),
            TaskTemplate("Confirm RSVPs and final headcount", 7, .medium, "guests"),
            TaskTemplate("Prepare the run-of-show", 7, .medium, "planning"),
            TaskTemplate("Confirm all vendors", 3, .high, "vendors"),
            TaskTemplate("Pack the day-of kit", 1, .low, "planning"),
        ]
        if venue == .atHome { list.removeAll { $0.title == "Book the venue" } }
        return list
    }

    public static func forKind(_ kind: EventKind) -> [TaskTemplate] {
        switch kind {
        case .birthday:
            [TaskTemplate("Order the cake", 7, .medium, "catering"),
             TaskTemplate("Plan games and activities", 14, .low, "entertainment")]
        case .wedding:
            [TaskTemplate("Book the officiant", 120, .high, "ceremony"),
             TaskTemplate("Book a photographer", 120, .high, "photo_video"),
             TaskTemplate("Choose attire", 90, .high, "attire"),
             TaskTemplate("Book the florist", 60, .medium, "decor"),
             TaskTemplate("Arrange hair and makeup", 30, .medium, "attire"),
             TaskTemplate("Get the marriage license", 30, .high, "legal")]
        case .business:
            [TaskTemplate("Confirm speakers and agenda", 45, .high, "program"),
             TaskTemplate("Set up registration", 30, .high, "guests"),
             TaskTemplate("Print badges and signage", 5, .medium, "logistics"),
             TaskTemplate("Test AV equipment", 2, .high, "logistics")]
        case .babyShower:
            [TaskTemplate("Set up a gift registry", 45, .medium, "gifts"),
             TaskTemplate("Plan shower games", 14, .low, "entertainment")]
        case .graduation:
            [TaskTemplate("Order the graduation cake", 7, .medium, "catering"),
             TaskTemplate("Prepare a photo slideshow", 10, .low, "entertainment")]
        case .engagement:
            [TaskTemplate("Book a photographer", 30, .medium, "photo_video"),
             TaskTemplate("Plan the toast", 7, .low, "program")]
        case .anniversary:
            [TaskTemplate("Collect photos for a memory slideshow", 14, .low, "entertainment"),
             TaskTemplate("Book a catering tasting", 21, .medium, "catering")]
        case .other:
            [TaskTemplate("Define the main activity", 30, .high, "program")]
        }
    }

    public static func forServices(_ services: [PlannerService]) -> [TaskTemplate] {
        services.compactMap { service in
            switch service {
            case .photoVideo: TaskTemplate("Book a photographer", 30, .medium, "photo_video")
            case .entertainment: TaskTemplate("Book entertainment", 30, .medium, "entertainment")
            case .transport: TaskTemplate("Arrange guest transport", 14, .medium, "transport")
            default: nil
            }
        }
    }

    /// Common + kind + service lists, de-duplicated by case-insensitive title (first wins).
    public static func candidates(kind: EventKind, venue: VenueKind, services: [PlannerService]) -> [TaskTemplate] {
        var seen = Set<String>()
        return (common(venue: venue) + forKind(kind) + forServices(services)).filter {
            seen.insert($0.title.lowercased()).inserted
        }
    }

    /// How many tasks a variant keeps.
    public static func limit(for variant: PlanVariant) -> Int {
        switch variant {
        case .budget: 6
        case .balanced: 8
        case .premium: 10
        }
    }

    /// Keeps the first `limit` by (priority, days descending, list order), then orders them by
    /// days descending, then list order.
    public static func select(_ candidates: [TaskTemplate], limit: Int) -> [TaskTemplate] {
        let indexed = Array(candidates.enumerated())
        let kept = indexed.sorted {
            if $0.element.priority.rank != $1.element.priority.rank { return $0.element.priority.rank < $1.element.priority.rank }
            if $0.element.daysBeforeEvent != $1.element.daysBeforeEvent {
                return $0.element.daysBeforeEvent > $1.element.daysBeforeEvent
            }
            return $0.offset < $1.offset
        }.prefix(limit)
        return kept.sorted {
            if $0.element.daysBeforeEvent != $1.element.daysBeforeEvent {
                return $0.element.daysBeforeEvent > $1.element.daysBeforeEvent
            }
            return $0.offset < $1.offset
        }.map(\.element)
    }
}
