import HearthCore
@testable import RushDayServer

/// Shared fixtures of the planner tests (spec §6: fixed clock 2026-03-01T12:00:00Z).
enum PlannerFixtures {
    static let now = Timestamp(millisecondsSince1970: 1_772_366_400_000)
    /// 2026-06-13T18:00:00Z, the date of "Event E".
    static let eventEDate = Timestamp(millisecondsSince1970: 1_781_373_600_000)

    static func provider() -> RuleBasedPlanningProvider {
        RuleBasedPlanningProvider(clock: ManualWallClock(now))
    }

    /// Raw wizard input for §6 #42: BIRTHDAY, MEDIUM, STANDARD, INDOOR_VENUE.
    static func birthdayInput(target: Int = 0) -> RawPlanInput {
        var raw = RawPlanInput()
        raw.eventType = 1
        raw.guestRange = 3
        raw.budgetTier = 2
        raw.venueType = 1
        raw.targetPlanStyle = target
        return raw
    }

    static func birthdayRequest(target: Int = 0) throws -> PlanRequest {
        try PlanInputNormaliser.normalise(birthdayInput(target: target))
    }

    /// "Event E": "Mia's 30th", birthday, 2026-06-13T18:00Z.
    static func eventE(plannedBudget: Int64? = nil) -> PlannerEventContext {
        PlannerEventContext(name: "Mia's 30th", eventTypeID: "birthday", date: eventEDate, plannedBudget: plannedBudget)
    }

    static func collect(_ stream: AsyncThrowingStream<PlanGenerationEvent, any Error>) async throws -> [PlanGenerationEvent] {
        var events: [PlanGenerationEvent] = []
        for try await event in stream { events.append(event) }
        return events
    }
}
