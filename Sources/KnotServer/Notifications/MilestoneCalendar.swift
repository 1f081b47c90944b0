import Foundation
import HearthCore

/// Milestone date math (spec §8.1–§8.2), pure: the next occurrence of a milestone on a
/// UTC calendar, the days until it, and the 14/7/3-day reminders before it.
enum MilestoneCalendar {
    /// `NOTIFICATION_DAYS_BEFORE` [FACT], in the order reminders are scheduled.
    static let notificationDaysBefore = [14, 7, 3]

    /// The next occurrence strictly after `today` (today itself is never returned), or
    /// `nil` for a past or same-day one-time milestone or an unknown recurrence.
    ///
    /// - yearly: a `holiday` whose normalised name contains `mother` floats to Mother's
    ///   Day (2nd Sunday of May), else one containing `father` to Father's Day (3rd Sunday
    ///   of June) — only holidays float (§2 #8). Any other yearly milestone keeps the
    ///   month and day of its date (the year is the 2000 placeholder), Feb 29 falling on
    ///   Feb 28 in non-leap years. This year's date if it is after today, else next year's.
    /// - one_time: the date itself if it is after today [DECISION: today counts as past].
    static func nextOccurrence(
        type: String, name: String, date: CalendarDate, recurrence: String, after today: CalendarDate
    ) -> CalendarDate? {
        switch recurrence {
        case "yearly":
            let rule = YearlyRule(type: type, name: name, date: date)
            if let thisYear = rule.date(in: today.year), thisYear > today { return thisYear }
            return rule.date(in: today.year + 1)
        case "one_time":
            return date > today ? date : nil
        default:
            return nil
        }
    }

    static func nextOccurrence(of milestone: MilestoneInput, after today: CalendarDate) -> CalendarDate? {
        nextOccurrence(
            type: milestone.milestoneType, name: milestone.milestoneName, date: milestone.milestoneDate,
            recurrence: milestone.recurrence, after: today)
    }

    /// `days_until = next − today` in days (negative when `next` is before `today`).
    static func daysUntil(_ next: CalendarDate, from today: CalendarDate) -> Int {
        next.daysSinceEpoch - today.daysSinceEpoch
    }

    /// The reminders for an occurrence (§8.2): for each of 14, 7 and 3 days before it, at
    /// 00:00:00 UTC that day, leaving out those before `now` (one exactly at `now` stays).
    static func reminders(before occurrence: CalendarDate, now: Timestamp) -> [MilestoneReminder] {
        notificationDaysBefore.compactMap { daysBefore in
            guard let date = occurrence.adding(days: -daysBefore) else { return nil }
            let reminder = MilestoneReminder(daysBefore: daysBefore, date: date)
            return reminder.scheduledFor < now ? nil : reminder
        }
    }

    /// Everything §8.2 needs for one milestone at `now`: today is the UTC date of `now`;
    /// `nil` when the milestone has no next occurrence.
    static func schedule(for milestone: MilestoneInput, now: Timestamp) -> MilestoneSchedule? {
        let today = CalendarDate.utc(now)
        guard let next = nextOccurrence(of: milestone, after: today) else { return nil }
        return MilestoneSchedule(
            occurrence: next, daysUntil: daysUntil(next, from: today), reminders: reminders(before: next, now: now))
    }

    /// Spec `norm(s)`: lower-cased and trimmed.
    static func normalized(_ text: String) -> String {
        text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `n`th (1-based) given weekday (0 = Sunday … 6 = Saturday) of a month.
    static func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int) -> CalendarDate? {
        guard let first = CalendarDate(year: year, month: month, day: 1) else { return nil }
        let offset = ((weekday - first.weekday) % 7 + 7) % 7
        return CalendarDate(year: year, month: month, day: 1 + offset + 7 * (n - 1))
    }

    private enum YearlyRule {
        case mothersDay
        case fathersDay
        case fixed(month: Int, day: Int)

        init(type: String, name: String, date: CalendarDate) {
            let name = MilestoneCalendar.normalized(name)
            if type == "holiday", name.contains("mother") {
                self = .mothersDay
            } else if type == "holiday", name.contains("father") {
                self = .fathersDay
            } else {
                self = .fixed(month: date.month, day: date.day)
            }
        }

        func date(in year: Int) -> CalendarDate? {
            switch self {
            case .mothersDay: MilestoneCalendar.nthWeekday(2, 0, month: 5, year: year)
            case .fathersDay: MilestoneCalendar.nthWeekday(3, 0, month: 6, year: year)
            case .fixed(let month, let day):
                CalendarDate(year: year, month: month, day: min(day, CalendarDate.days(in: month, of: year)))
            }
        }
    }
}

/// One reminder of a milestone occurrence (§8.2).
struct MilestoneReminder: Sendable, Hashable {
    var daysBefore: Int
    /// The UTC date the reminder is due; it is due at 00:00:00 UTC that day.
    var date: CalendarDate

    var scheduledFor: Timestamp { date.utcMidnight }

    /// The scheduler's dedup key, `"{milestone_id}-{days_before}-{scheduled_for date}"`.
    func dedupKey(milestoneID: String) -> String { "\(milestoneID)-\(daysBefore)-\(date)" }
}

/// A milestone's next occurrence with its distance from today and its pending reminders.
struct MilestoneSchedule: Sendable, Hashable {
    var occurrence: CalendarDate
    var daysUntil: Int
    var reminders: [MilestoneReminder]
}

extension CalendarDate {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    var daysSinceEpoch: Int {
        Int(CivilCalendar.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The date `daysSinceEpoch` days after 1970-01-01; `nil` outside years 1…9999.
    init?(daysSinceEpoch: Int) {
        let (year, month, day) = CivilCalendar.date(fromDaysSince1970: Int64(daysSinceEpoch))
        self.init(year: Int(year), month: Int(month), day: Int(day))
    }

    /// The UTC calendar date of an instant.
    static func utc(_ instant: Timestamp) -> CalendarDate {
        let milliseconds = instant.millisecondsSince1970
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        // Timestamps this server sees lie well within years 1…9999.
        return CalendarDate(daysSinceEpoch: Int(days)) ?? CalendarDate(year: 1970, month: 1, day: 1)!
    }

    /// 00:00:00 UTC on this date.
    var utcMidnight: Timestamp { Timestamp(millisecondsSince1970: Int64(daysSinceEpoch) * 86_400_000) }

    func adding(days: Int) -> CalendarDate? { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 }
}
