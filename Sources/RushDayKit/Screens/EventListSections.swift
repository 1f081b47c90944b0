import Foundation
import RushDayProto

/// The events screen's three lists, split at `now` (from an injected clock):
/// - **drafts**: events moved to drafts, by date;
/// - **upcoming**: not ended yet, soonest first;
/// - **past**: ended, most recent first.
/// An event has ended once its `end_date` is past, or 24 hours after its `date` when it has
/// no end date (the rule the RSVP page uses, spec §4.5.2).
public struct EventListSections: Sendable, Equatable {
    public var upcoming: [Rushday_V1_Event]
    public var drafts: [Rushday_V1_Event]
    public var past: [Rushday_V1_Event]

    public init(_ events: [Rushday_V1_Event], now: Date) {
        let ordered = events.sorted(by: Self.byDate)
        drafts = ordered.filter { $0.isDraft && !$0.isAiDraft }
        let published = ordered.filter { !$0.isDraft && !$0.isAiDraft }
        upcoming = published.filter { !Self.hasEnded($0, at: now) }
        past = published.filter { Self.hasEnded($0, at: now) }.reversed()
    }

    public static func hasEnded(_ event: Rushday_V1_Event, at now: Date) -> Bool {
        let end = event.hasEndDate ? event.endDate.date : event.date.date.addingTimeInterval(24 * 3600)
        return end < now
    }

    /// Date ascending, ties by creation then id (the server's order, spec §2.8).
    static func byDate(_ a: Rushday_V1_Event, _ b: Rushday_V1_Event) -> Bool {
        let left = (a.date.seconds, a.date.nanos, a.createdAt.seconds, a.createdAt.nanos)
        let right = (b.date.seconds, b.date.nanos, b.createdAt.seconds, b.createdAt.nanos)
        if left != right { return left < right }
        return a.id < b.id
    }
}
