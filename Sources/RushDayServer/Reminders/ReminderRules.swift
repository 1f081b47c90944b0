import HearthCore

/// Which reminder pushes an event implies (§9 decision 8), as a pure function of the event,
/// its members' notification preferences and its tasks and agenda. The rules:
///
/// - Drafts (`is_draft`, AI drafts) get no reminders.
/// - Recipients are the event's members: the owner and co-hosts who accepted.
/// - `tasks` on: a task with a `notification` time that is not done → `task_reminder` at
///   that time.
/// - `agenda` on: every agenda item → `agenda_reminder` ``agendaLead`` before its start.
/// - `on_the_day` on: `event_today` on the event's calendar day, as seen in the member's
///   time zone (`timezone_offset` of their latest device; UTC when none), at their
///   preferred `time` ("9:00").
/// - `week_before` on: `event_week_before` at the same time of day 7 days earlier.
///
/// The scheduler queues the entries still in the future; at run time the job recomputes
/// the plan from the stored records and sends only if its entry is still in it, so a
/// deleted or done task, a moved event, a removed co-host or a preference switched off
/// sends nothing.
enum ReminderRules {
    static let agendaLead: Int64 = 15 * 60 * 1000
    static let dayMilliseconds: Int64 = 86_400_000
    static let defaultTime = 9 * 60

    enum Kind: String, Sendable, CaseIterable {
        case task = "task_reminder"
        case agenda = "agenda_reminder"
        case onTheDay = "event_today"
        case weekBefore = "event_week_before"
    }

    struct Member: Sendable, Hashable {
        var userID: String
        var preferences: RushDayUser.Preferences
        /// Minutes east of UTC.
        var timezoneOffset: Int
    }

    struct Task: Sendable, Hashable {
        var id: String
        var name: String
        var notification: Timestamp?
        var isDone: Bool
    }

    struct AgendaItem: Sendable, Hashable {
        var id: String
        var title: String
        var startTime: Timestamp
    }

    struct Event: Sendable, Hashable {
        var id: String
        var name: String
        var date: Timestamp
        var isDraft: Bool
        var members: [Member]
        var tasks: [Task]
        var agenda: [AgendaItem]
    }

    /// One push due to one member.
    struct Planned: Sendable, Hashable {
        var kind: Kind
        var eventID: String
        var userID: String
        /// The task or agenda item, for those kinds.
        var itemID: String?
        var at: Timestamp
        var title: String
        var body: String

        /// The job's key: one job per reminder, however often the event is re-planned.
        var dedupKey: String {
            "reminder:\(kind.rawValue):\(eventID):\(itemID ?? "-"):\(userID):\(at.millisecondsSince1970)"
        }

        var notification: RushDayNotification {
            var extra: [String: String] = [:]
            switch kind {
            case .task: extra["taskId"] = itemID
            case .agenda: extra["agendaId"] = itemID
            case .onTheDay, .weekBefore: break
            }
            return RushDayNotification(type: kind.rawValue, eventID: eventID, extra: extra, title: title, body: body)
        }
    }

    static func plan(_ event: Event) -> [Planned] {
        guard !event.isDraft else { return [] }
        var planned: [Planned] = []
        for member in event.members {
            let preferences = member.preferences
            func add(_ kind: Kind, _ itemID: String?, _ at: Timestamp, _ title: String, _ body: String) {
                planned.append(Planned(kind: kind, eventID: event.id, userID: member.userID, itemID: itemID, at: at, title: title, body: body))
            }
            if preferences.tasks {
                for task in event.tasks where !task.isDone {
                    guard let at = task.notification else { continue }
                    add(.task, task.id, at, "Task reminder", "\(task.name) · \(event.name)")
                }
            }
            if preferences.agenda {
                for item in event.agenda {
                    add(.agenda, item.id, item.startTime.adding(milliseconds: -agendaLead), "Starting soon: \(item.title)", event.name)
                }
            }
            let onTheDay = timeOfDay(on: event.date, minutes: minutes(of: preferences.time), offsetMinutes: member.timezoneOffset)
            if preferences.onTheDay {
                add(.onTheDay, nil, onTheDay, "Today: \(event.name)", "Your event is today.")
            }
            if preferences.weekBefore {
                add(.weekBefore, nil, onTheDay.adding(milliseconds: -7 * dayMilliseconds), "\(event.name) is in a week",
                    "One week to go: time to check your tasks.")
            }
        }
        return planned
    }

    /// `minutes` after local midnight of the day `instant` falls on, `offsetMinutes` east of UTC.
    static func timeOfDay(on instant: Timestamp, minutes: Int, offsetMinutes: Int) -> Timestamp {
        let offset = Int64(offsetMinutes) * 60_000
        let local = instant.millisecondsSince1970 + offset
        let midnight = floorDivide(local, dayMilliseconds) * dayMilliseconds - offset
        return Timestamp(millisecondsSince1970: midnight + Int64(minutes) * 60_000)
    }

    /// "9:00" → 540; anything unreadable → 9:00 (the stored value is validated on write).
    static func minutes(of time: String) -> Int {
        let parts = time.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return defaultTime }
        return hour * 60 + minute
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
