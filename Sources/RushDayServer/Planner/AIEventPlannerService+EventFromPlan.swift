import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto
import SwiftProtobuf

/// `CreateEventFromPlan` (spec §5.5): one transaction creates the event, the chosen tasks,
/// optionally the plan's agenda and its expenses with the event budget.
extension AIEventPlannerService {
    func createEventFromPlan(
        request: Rushday_V1_CreateEventFromPlanRequest, context: ServerContext
    ) async throws -> Rushday_V1_CreateEventFromPlanResponse {
        let caller = try Principal.requireCaller()
        let planID = try FieldRules.id(request.planID, "plan_id")
        let requestedName = try request.hasName ? EventInput.name(request.name) : nil
        let requestedDate = try request.hasDate ? EventInput.date(request.date, present: true) : nil
        let requestedVenue = try EventInput.venue(request.hasVenue ? request.venue : nil)
        let image = try FieldRules.optionalURL(request.hasImage ? request.image : nil, "image")
        for (index, taskID) in request.selectedTaskIds.enumerated() { _ = try FieldRules.id(taskID, "selected_task_ids[\(index)]") }
        let now = clock.now
        let result = try await database.transaction { sql in
            let (generation, plan) = try await Self.ownedPlan(planID, caller: caller, now: now, sql)
            let planRequest = generation.request
            let tasks: [PlanTask]
            do { tasks = try PlanToEvent.selectedTasks(request.selectedTaskIds, of: plan) } catch let error as PlannerInputError { throw Self.invalid(error) }
            guard let dateValue = requestedDate ?? planRequest.startDate else {
                throw RPCFailure.invalid("date", "required when the plan has no start date")
            }
            let date = try EventInput.date(Google_Protobuf_Timestamp(dateValue), present: true)
            let endDate = try EventInput.endDate(request.endDate, present: request.hasEndDate, after: date)
                ?? planRequest.endDate.flatMap { $0 >= date ? $0 : nil }
            let name = try FieldRules.text(
                PlannerText.capped(PlanToEvent.eventName(requested: requestedName ?? "", request: planRequest, plan: plan), 200), "name", 1...200)
            let venue = PlannerText.capped(PlanToEvent.venue(requested: requestedVenue ?? "", request: planRequest), 500)
            let event = EventRecord(
                id: UUID().uuidString.lowercased(), ownerID: caller.userID, name: name, type: planRequest.kind.eventTypeID, date: date,
                endDate: endDate, isAllDay: request.isAllDay, isDraft: false, venue: venue.isEmpty ? nil : venue,
                customIdea: planRequest.preferencesText.isEmpty ? nil : PlannerText.capped(planRequest.preferencesText, 2000),
                themeIdea: plan.title, image: image, inviteMessage: nil, now: now)
            try await EventStore.insert(event, sql)
            for (index, task) in tasks.enumerated() {
                try await TaskStore.insert(
                    TaskRecord(
                        id: UUID().uuidString.lowercased(), eventID: event.id, name: task.title,
                        notes: task.description.isEmpty ? nil : task.description,
                        notification: PlanToEvent.taskReminder(eventDate: date, daysBeforeEvent: task.daysBeforeEvent, now: now),
                        orderNumber: index, now: now),
                    sql)
            }
            var agendaCount = 0
            if request.includeAgenda {
                for item in PlanToEvent.agenda(of: plan, anchoredAt: date) {
                    try await AgendaStore.insert(
                        AgendaRecord(
                            id: UUID().uuidString.lowercased(), eventID: event.id, title: item.title,
                            notes: item.description.isEmpty ? nil : item.description, date: nil, startTime: item.startTime,
                            endTime: item.endTime, now: now),
                        sql)
                    agendaCount += 1
                }
            }
            var expenseCount = 0
            if request.includeExpenses {
                for item in PlanToEvent.budgets(of: plan) {
                    try await BudgetStore.insert(
                        BudgetRecord(
                            id: UUID().uuidString.lowercased(), eventID: event.id, title: item.category.label, totalAmount: item.amount,
                            notes: nil, date: nil, category: item.category, now: now),
                        sql)
                    expenseCount += 1
                }
                try await EventBudgetStore.upsert(
                    EventBudgetRecord(
                        eventID: event.id, plannedBudget: plan.budget.midpoint, currencyCode: plan.budget.currency.code,
                        currencySymbol: nil, isSet: true, updatedAt: now),
                    sql)
            }
            guard let access = try await EventStore.access(event.id, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            return (access, tasks.count, agendaCount, expenseCount)
        }
        var response = Rushday_V1_CreateEventFromPlanResponse()
        response.success = true
        response.eventID = result.0.event.id
        response.event = components.view.message(result.0, callerID: caller.userID)
        response.tasksCreated = Int32(result.1)
        response.agendaItemsCreated = Int32(result.2)
        response.expensesCreated = Int32(result.3)
        return response
    }
}
