import Foundation
import HearthCore

/// What the generators of §5.7 need to know about an existing event (plain Swift, filled by
/// the service layer from storage).
public struct PlannerEventContext: Sendable, Hashable {
    public var name: String
    /// Stored `Event.type` id; mapped with ``EventKind/init(eventTypeID:)``.
    public var eventTypeID: String
    public var date: Timestamp
    public var isAllDay: Bool
    public var venue: String
    /// The event budget's currency (owner's currency until set).
    public var currency: PlannerCurrency
    /// `planned_guest_count` (0 = not set).
    public var plannedGuestCount: Int
    /// Non-declined guests plus their `accompany`.
    public var attendingGuestCount: Int
    /// `planned_budget` when the event budget is set (nil otherwise).
    public var plannedBudget: Int64?

    public init(
        name: String, eventTypeID: String, date: Timestamp, isAllDay: Bool = false, venue: String = "",
        currency: PlannerCurrency = .usd, plannedGuestCount: Int = 0, attendingGuestCount: Int = 0, plannedBudget: Int64? = nil
    ) {
        self.name = name
        self.eventTypeID = eventTypeID
        self.date = date
        self.isAllDay = isAllDay
        self.venue = venue
        self.currency = currency
        self.plannedGuestCount = plannedGuestCount
        self.attendingGuestCount = attendingGuestCount
        self.plannedBudget = plannedBudget
    }

    public var kind: EventKind { EventKind(eventTypeID: eventTypeID) }

    /// G for an existing event (§5.2).
    public var guestCount: Int {
        if plannedGuestCount > 0 { return plannedGuestCount }
        if attendingGuestCount > 0 { return attendingGuestCount }
        return 30
    }

    /// The type noun; a custom type id (not a known kind) is title-cased.
    public var typeNoun: String {
        let trimmed = PlannerText.trimmed(eventTypeID)
        return kind.typeNoun(customType: kind == .other && trimmed.lowercased() != "custom" ? trimmed : "")
    }

    /// Agenda anchor: the date, or for all-day events the UTC day + the kind's default hour.
    public var agendaAnchor: Timestamp {
        guard isAllDay else { return date }
        let dayMilliseconds: Int64 = 86_400_000
        let ms = date.millisecondsSince1970
        let startOfDay = ms - ((ms % dayMilliseconds) + dayMilliseconds) % dayMilliseconds
        return Timestamp(millisecondsSince1970: startOfDay + Int64(AgendaTemplates.defaultHour(for: kind)) * 3_600_000)
    }
}

/// A stored agenda item as far as the generators care.
public struct ExistingAgendaItem: Sendable, Hashable {
    public var title: String
    public var startTime: Timestamp
    public var endTime: Timestamp?

    public init(title: String, startTime: Timestamp, endTime: Timestamp? = nil) {
        self.title = title
        self.startTime = startTime
        self.endTime = endTime
    }
}

/// Input of `GenerateAgenda`.
public struct AgendaGenerationInput: Sendable, Hashable {
    public var event: PlannerEventContext
    public var storedItems: [ExistingAgendaItem]
    public var existingTitles: [String]
    public var replaceExisting: Bool

    public init(event: PlannerEventContext, storedItems: [ExistingAgendaItem] = [], existingTitles: [String] = [], replaceExisting: Bool = false) {
        self.event = event
        self.storedItems = storedItems
        self.existingTitles = existingTitles
        self.replaceExisting = replaceExisting
    }
}

/// A generated agenda item (`GeneratedAgendaItem`).
public struct GeneratedAgendaEntry: Sendable, Hashable {
    public var title: String
    public var startTime: Timestamp
    public var endTime: Timestamp
    public var description: String
    public var durationMinutes: Int
}

/// A stored expense as far as the generators care.
public struct ExistingExpense: Sendable, Hashable {
    public var title: String
    /// §4.7.1 key or nil.
    public var category: String?

    public init(title: String, category: String? = nil) {
        self.title = title
        self.category = category
    }
}

/// Input of `GenerateExpenses`.
public struct ExpenseGenerationInput: Sendable, Hashable {
    public var event: PlannerEventContext
    /// `current_agenda_items` plus stored agenda titles.
    public var agendaTitles: [String]
    /// Stored budgets whose categories are excluded when not replacing.
    public var storedExpenses: [ExistingExpense]
    public var replaceExisting: Bool

    public init(event: PlannerEventContext, agendaTitles: [String] = [], storedExpenses: [ExistingExpense] = [], replaceExisting: Bool = false) {
        self.event = event
        self.agendaTitles = agendaTitles
        self.storedExpenses = storedExpenses
        self.replaceExisting = replaceExisting
    }
}

/// The result of `GenerateExpenses`.
public struct ExpenseEstimate: Sendable, Hashable {
    public var items: [AllocationItem]
    public var totalEstimated: Int64
    public var currency: PlannerCurrency
}

/// Input of `GenerateInviteMessage`.
public struct InviteMessageInput: Sendable, Hashable {
    public var event: PlannerEventContext
    /// The owner's last registered time-zone offset in seconds east of UTC (0 if none).
    public var timeZoneOffsetSeconds: Int

    public init(event: PlannerEventContext, timeZoneOffsetSeconds: Int = 0) {
        self.event = event
        self.timeZoneOffsetSeconds = timeZoneOffsetSeconds
    }
}

/// The generators of §5.7 as pure functions.
public enum EventGenerators {
    static func normalisedTitle(_ title: String) -> String { PlannerText.trimmed(title).lowercased() }

    public static func agenda(_ input: AgendaGenerationInput) -> [GeneratedAgendaEntry] {
        let template = AgendaTemplates.items(for: input.event.kind)
        let anchor = input.event.agendaAnchor
        func entry(_ item: AgendaTemplateItem, at start: Timestamp) -> GeneratedAgendaEntry {
            GeneratedAgendaEntry(
                title: item.title, startTime: start, endTime: start.adding(seconds: Int64(item.durationMinutes) * 60),
                description: AgendaDescriptions.description(for: item.title), durationMinutes: item.durationMinutes)
        }
        if input.replaceExisting {
            return template.map { entry($0, at: anchor.adding(seconds: Int64($0.offsetMinutes) * 60)) }
        }
        let taken = Set((input.storedItems.map(\.title) + input.existingTitles).map(normalisedTitle))
        var cursor = input.storedItems.map { $0.endTime ?? $0.startTime }.max() ?? anchor
        var result: [GeneratedAgendaEntry] = []
        for item in template where !taken.contains(normalisedTitle(item.title)) {
            let generated = entry(item, at: cursor)
            result.append(generated)
            cursor = generated.endTime
        }
        return result
    }

    /// Agenda words that add a category at 3 % (§5.7).
    static let agendaCategoryHints: [([String], ExpenseCategory)] = [
        (["photo"], .photoVideo),
        (["dj", "music", "band", "danc"], .entertainment),
        (["ceremony"], .flowers),
        (["transport", "shuttle"], .transportation),
    ]

    public static func expenses(_ input: ExpenseGenerationInput) -> ExpenseEstimate {
        let event = input.event
        let midpoint: Int64
        if let planned = event.plannedBudget, planned > 0 {
            midpoint = planned
        } else {
            let request = PlanRequest(kind: event.kind, guestCount: event.guestCount, budgetTier: .standard, currency: event.currency)
            midpoint = PlanCostModel.estimate(
                total: PlanCostModel.totalCost(for: request, variant: .balanced), currency: event.currency
            ).midpoint
        }
        var shares = PlanAllocation.table(for: event.kind)
        let context = input.agendaTitles.joined(separator: "\n").lowercased()
        for (words, category) in agendaCategoryHints
        where words.contains(where: { context.contains($0) }) && !shares.contains(where: { $0.category == category }) {
            shares.append(AllocationShare(category: category, percent: 3))
        }
        var items = PlanAllocation.split(midpoint, over: shares)
        if !input.replaceExisting {
            let storedCategories = Set(input.storedExpenses.compactMap(\.category))
            let storedTitles = Set(input.storedExpenses.map { normalisedTitle($0.title) })
            items.removeAll { storedCategories.contains($0.category.key) || storedTitles.contains(normalisedTitle($0.category.label)) }
        }
        return ExpenseEstimate(items: items, totalEstimated: items.reduce(0) { $0 + $1.amount }, currency: event.currency)
    }

    public static func inviteMessage(_ input: InviteMessageInput) -> String {
        let event = input.event
        let venueClause = PlannerText.trimmed(event.venue).isEmpty ? "" : " at \(PlannerText.trimmed(event.venue))"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // All-day dates are calendar days (stored at UTC midnight): shifting them by the owner's
        // offset could move them to the previous day, so only timed events use the offset.
        let offset = event.isAllDay ? 0 : input.timeZoneOffsetSeconds
        formatter.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = event.isAllDay ? "EEEE, MMMM d" : "EEEE, MMMM d 'at' h:mm a"
        let when = formatter.string(from: event.date.date)
        let name = event.name
        let text = switch event.kind {
        case .birthday:
            "You're invited to \(name)! Join us on \(when)\(venueClause) for food, fun and birthday cheer. We can't wait to celebrate with you!"
        case .wedding:
            "Together with our families, we invite you to \(name) on \(when)\(venueClause). Your presence would mean the world to us."
        case .business:
            "You are invited to \(name) on \(when)\(venueClause). We look forward to welcoming you."
        default:
            "Please join us for \(name) on \(when)\(venueClause). We'd love to see you there!"
        }
        return PlannerText.capped(text, 500)
    }
}
