import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Generators on an existing event (spec §5.7): W on the event, or the capability of an
/// unclaimed AI draft. `apply = false` only previews; `apply = true` writes in the same
/// transaction that read the event. A provider failure is `success = false`, status OK.
extension AIEventPlannerService {
    static let maxAgendaPerEvent = 500
    static let maxBudgetsPerEvent = 500

    /// The outcome of a provider call inside a transaction: its value, or its failure text.
    enum Generated<Value: Sendable>: Sendable {
        case value(Value)
        case failed(String)
    }

    /// Everything but plan generation must finish within this time (§5.1).
    static let generatorTimeout: Duration = .seconds(30)

    struct GeneratorTimedOut: Error {}

    /// Runs one provider call with the §5.1 timeout; a failure or timeout is `.failed`.
    static func generate<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async -> Generated<Value> {
        do {
            let value = try await withThrowingTaskGroup(of: Value.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    try await Task.sleep(for: generatorTimeout)
                    throw GeneratorTimedOut()
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw GeneratorTimedOut() }
                return first
            }
            return .value(value)
        } catch is GeneratorTimedOut {
            return .failed("The planner took too long; try again")
        } catch {
            return .failed("The planner could not generate this; try again")
        }
    }

    static func titles(_ values: [String], _ field: String) throws(RPCError) -> [String] {
        guard values.count <= 500 else { throw RPCFailure.invalid(field, "at most 500 entries") }
        for (index, value) in values.enumerated() where value.unicodeScalars.count > 2000 {
            throw RPCFailure.invalid("\(field)[\(index)]", "at most 2000 characters")
        }
        return values
    }

    func generateAgenda(
        request: Rushday_V1_GenerateAgendaRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateAgendaResponse {
        let caller = Principal.current.caller
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let existingTitles = try Self.titles(request.existingTitles, "existing_titles")
        let now = clock.now
        let provider = self.provider
        let (generated, created) = try await database.transaction { sql in
            let event = try await PlannerEventAccess.writable(eventID, caller: caller, now: now, sql)
            let stored = try await AgendaStore.list(of: eventID, sql)
            let input = AgendaGenerationInput(
                event: try await PlannerEventContextLoader.context(of: event, sql),
                storedItems: stored.map { ExistingAgendaItem(title: $0.title, startTime: $0.startTime, endTime: $0.endTime) },
                existingTitles: existingTitles, replaceExisting: request.replaceExisting)
            let generated = await Self.generate { PlannerOutputSanitiser.agenda(try await provider.agendaItems(for: input)) }
            guard request.apply, case .value(let entries) = generated else { return (generated, [AgendaRecord]()) }
            if request.replaceExisting { try await AgendaStore.deleteAll(of: eventID, sql) }
            let kept = request.replaceExisting ? 0 : stored.count
            guard kept + entries.count <= Self.maxAgendaPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(Self.maxAgendaPerEvent) agenda items")
            }
            var created: [AgendaRecord] = []
            for entry in entries {
                let item = AgendaRecord(
                    id: UUID().uuidString.lowercased(), eventID: eventID, title: entry.title,
                    notes: entry.description.isEmpty ? nil : entry.description, date: nil, startTime: entry.startTime,
                    endTime: entry.endTime, now: now)
                try await AgendaStore.insert(item, sql)
                created.append(item)
            }
            return (generated, created)
        }
        var response = Rushday_V1_GenerateAgendaResponse()
        switch generated {
        case .value(let entries):
            response.success = true
            response.agendaItems = entries.map(PlannerProtoMapping.generatedAgendaItem)
            response.createdAgendas = created.map(\.message)
        case .failed(let message):
            response.errorMessage = message
        }
        return response
    }

    func generateExpenses(
        request: Rushday_V1_GenerateExpensesRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateExpensesResponse {
        let caller = Principal.current.caller
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let agendaContext = try Self.titles(request.currentAgendaItems, "current_agenda_items")
        let now = clock.now
        let provider = self.provider
        let (generated, created) = try await database.transaction { sql in
            let event = try await PlannerEventAccess.writable(eventID, caller: caller, now: now, sql)
            let stored = try await BudgetStore.list(of: eventID, sql)
            // Replacing keeps expenses that already have payments, so their categories stay excluded.
            let excluded = request.replaceExisting ? stored.filter { !$0.payments.isEmpty } : stored
            let input = ExpenseGenerationInput(
                event: try await PlannerEventContextLoader.context(of: event, sql),
                agendaTitles: agendaContext + (try await AgendaStore.list(of: eventID, sql)).map(\.title),
                storedExpenses: excluded.map { ExistingExpense(title: $0.title, category: $0.category) }, replaceExisting: false)
            let generated = await Self.generate { PlannerOutputSanitiser.expenseEstimate(try await provider.expenseItems(for: input)) }
            guard request.apply, case .value(let estimate) = generated else { return (generated, [BudgetRecord]()) }
            if request.replaceExisting {
                for budget in stored where budget.payments.isEmpty { try await BudgetStore.delete(budget.id, sql) }
            }
            guard excluded.count + estimate.items.count <= Self.maxBudgetsPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(Self.maxBudgetsPerEvent) expenses")
            }
            var created: [BudgetRecord] = []
            for item in estimate.items {
                let budget = BudgetRecord(
                    id: UUID().uuidString.lowercased(), eventID: eventID, title: item.category.label, totalAmount: item.amount,
                    notes: nil, date: nil, category: item.category, now: now)
                try await BudgetStore.insert(budget, sql)
                created.append(budget)
            }
            return (generated, created)
        }
        var response = Rushday_V1_GenerateExpensesResponse()
        switch generated {
        case .value(let estimate):
            response.success = true
            response.expenseItems = estimate.items.map(PlannerProtoMapping.generatedExpenseItem)
            response.totalEstimated = estimate.totalEstimated
            response.currencyCode = estimate.currency.code
            response.createdBudgets = created.map(\.message)
        case .failed(let message):
            response.errorMessage = message
        }
        return response
    }

    /// Times are written in the owner's last registered time-zone offset (§4.1, §5.7).
    func generateInviteMessage(
        request: Rushday_V1_GenerateInviteMessageRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateInviteMessageResponse {
        let caller = Principal.current.caller
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let now = clock.now
        let input = try await database.read { sql in
            let event = try await PlannerEventAccess.writable(eventID, caller: caller, now: now, sql)
            var offsetMinutes = 0
            if let ownerID = event.ownerID { offsetMinutes = try await UserStore.user(ownerID, sql)?.timezoneOffset ?? 0 }
            return InviteMessageInput(
                event: try await PlannerEventContextLoader.context(of: event, sql), timeZoneOffsetSeconds: offsetMinutes * 60)
        }
        var response = Rushday_V1_GenerateInviteMessageResponse()
        switch await Self.generate({ PlannerOutputSanitiser.inviteMessage(try await provider.inviteMessage(for: input)) }) {
        case .value(let message):
            response.success = true
            response.message = PlannerText.capped(message, 500)
        case .failed(let message):
            response.errorMessage = message
        }
        return response
    }
}
