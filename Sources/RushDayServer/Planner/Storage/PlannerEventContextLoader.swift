import HearthCore
import HearthStore

/// Reads what the generators and the assistant need to know about a stored event.
enum PlannerEventContextLoader {
    static func context(of event: EventRecord, _ sql: any SQLExecutor) async throws -> PlannerEventContext {
        let budget = try await EventBudgetStore.effective(of: event, sql)
        let guests = try await GuestStore.guests(of: event.id, status: nil, sql).filter { $0.status != .declined }
        return PlannerEventContext(
            name: event.name, eventTypeID: event.type, date: event.date, isAllDay: event.isAllDay, venue: event.venue ?? "",
            currency: PlannerCurrency(code: budget.currencyCode), plannedGuestCount: event.plannedGuestCount ?? 0,
            attendingGuestCount: guests.reduce(0) { $0 + 1 + $1.accompany }, plannedBudget: budget.isSet ? budget.plannedBudget : nil)
    }
}
