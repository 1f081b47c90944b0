import HearthCore

/// The pure parts of `CreateEventFromPlan` (§5.5), so the service only does storage.
public enum PlanToEvent {
    /// `name` from the request, else the generation's `event_name`, else the plan title.
    public static func eventName(requested: String, request: PlanRequest, plan: GeneratedPlan) -> String {
        let given = PlannerText.trimmed(requested)
        if !given.isEmpty { return given }
        return request.eventName.isEmpty ? plan.title : request.eventName
    }

    /// `venue` from the request, else `custom_venue_name`, else `venue_location`.
    public static func venue(requested: String, request: PlanRequest) -> String {
        let given = PlannerText.trimmed(requested)
        return given.isEmpty ? request.venueName : given
    }

    /// The tasks for `selected_task_ids`, in plan order; an unknown id is invalid input.
    public static func selectedTasks(_ ids: [String], of plan: GeneratedPlan) throws(PlannerInputError) -> [PlanTask] {
        let known = Set(plan.tasks.map(\.id))
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw PlannerInputError("selected_task_ids: unknown task id '\(unknown)'")
        }
        let wanted = Set(ids)
        return plan.tasks.filter { wanted.contains($0.id) }
    }

    /// A task's reminder: event date − `days_before_event` days; nil when that is before `now`.
    public static func taskReminder(eventDate: Timestamp, daysBeforeEvent: Int, now: Timestamp) -> Timestamp? {
        let reminder = eventDate.adding(seconds: -Int64(daysBeforeEvent) * 86_400)
        return reminder < now ? nil : reminder
    }

    /// The plan's agenda re-anchored on the final event date.
    public static func agenda(of plan: GeneratedPlan, anchoredAt date: Timestamp) -> [GeneratedAgendaEntry] {
        plan.agenda.map { item in
            let start = date.adding(seconds: Int64(item.offsetMinutes) * 60)
            return GeneratedAgendaEntry(
                title: item.title, startTime: start, endTime: start.adding(seconds: Int64(item.durationMinutes) * 60),
                description: item.description, durationMinutes: item.durationMinutes)
        }
    }

    /// One budget per allocation item (`title` = label, `category` = key, `total_amount` =
    /// amount); they sum to the plan midpoint, which becomes `planned_budget`.
    public static func budgets(of plan: GeneratedPlan) -> [AllocationItem] { plan.allocation }
}
