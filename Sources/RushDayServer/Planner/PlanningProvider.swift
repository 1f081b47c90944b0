import Foundation
import HearthCore

/// Everything the AI planner can generate (spec §5.1): one method per capability. The service
/// layer owns normalisation (``PlanInputNormaliser``), sanitisation (``PlannerOutputSanitiser``),
/// persistence, authorization, timeouts and the gRPC framing; a provider only produces content.
/// ``RuleBasedPlanningProvider`` is the default (`RUSHDAY_AI_PROVIDER=rules`); a model-backed
/// provider can replace it without touching the services.
///
/// Typical `GenerateEventPlans` flow in the service:
/// ```swift
/// let request = try PlannerProtoMapping.planRequest(proto, callerCurrency: caller?.currency) // PlannerInputError → INVALID_ARGUMENT
/// var progress = PlannerOutputSanitiser.ProgressGuard()
/// for try await event in provider.generatePlans(for: request) {   // store plans from `.plan`
///     // sanitise (`PlannerOutputSanitiser.plan`, `progress.admit`), then forward:
///     try await writer.write(PlannerProtoMapping.streamMessage(event, for: request))
/// }
/// // on a thrown error: PlannerProtoMapping.errorMessage(code: "PROVIDER_ERROR", message: …), status OK
/// ```
public protocol PlanningProvider: Sendable {
    /// Plan generation as a stream of progress / plan / completion events (§5.4 order). Errors
    /// thrown by the stream are provider failures. Cancelling the consumer stops generation.
    func generatePlans(for request: PlanRequest) -> AsyncThrowingStream<PlanGenerationEvent, any Error>

    /// Agenda items for an existing event (`GenerateAgenda`, §5.7).
    func agendaItems(for input: AgendaGenerationInput) async throws -> [GeneratedAgendaEntry]

    /// Expense items for an existing event (`GenerateExpenses`, §5.7).
    func expenseItems(for input: ExpenseGenerationInput) async throws -> ExpenseEstimate

    /// The invitation text for an existing event (`GenerateInviteMessage`, §5.7).
    func inviteMessage(for input: InviteMessageInput) async throws -> String

    /// The assistant's reply to a chat message (§5.8 intent rules).
    func chatReply(for input: ChatReplyInput) async throws -> ChatReply
}

/// The deterministic, rule-based provider (§5). A pure function of its input plus the
/// injected clock: the same input yields the same content, except ids, `generation_id` and
/// `processing_time_ms`.
public struct RuleBasedPlanningProvider: PlanningProvider {
    public let clock: any WallClock
    /// The pause between progress messages (`RUSHDAY_PLANNER_STEP_DELAY_MS`; zero in tests).
    public let stepDelay: Duration
    /// Mints plan, generation and checklist ids (lower-case UUIDv4 by default).
    public let makeID: @Sendable () -> String

    public init(
        clock: any WallClock, stepDelay: Duration = .zero,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.clock = clock
        self.stepDelay = stepDelay
        self.makeID = makeID
    }

    /// The plans of a request, without streaming (used by the stream and by tests).
    public func plans(for request: PlanRequest) -> [GeneratedPlan] {
        PlanBuilder.plans(for: request, makeID: makeID)
    }

    public func generatePlans(for request: PlanRequest) -> AsyncThrowingStream<PlanGenerationEvent, any Error> {
        let started = clock.now
        let plans = plans(for: request)
        let generationID = makeID()
        let framed = PlanStreamFraming.events(plans: plans, generationID: generationID, processingTimeMilliseconds: 0)
        let clock = self.clock
        let delay = stepDelay
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for event in framed {
                        try Task.checkCancellation()
                        if case .complete(let id, let total, _) = event {
                            let elapsed = max(0, clock.now.millisecondsSince1970 - started.millisecondsSince1970)
                            continuation.yield(.complete(generationID: id, totalPlans: total, processingTimeMilliseconds: elapsed))
                            continue
                        }
                        continuation.yield(event)
                        if case .progress = event, delay > .zero { try await Task.sleep(for: delay) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func agendaItems(for input: AgendaGenerationInput) async throws -> [GeneratedAgendaEntry] {
        EventGenerators.agenda(input)
    }

    public func expenseItems(for input: ExpenseGenerationInput) async throws -> ExpenseEstimate {
        EventGenerators.expenses(input)
    }

    public func inviteMessage(for input: InviteMessageInput) async throws -> String {
        EventGenerators.inviteMessage(input)
    }

    public func chatReply(for input: ChatReplyInput) async throws -> ChatReply {
        ChatRules.reply(to: input, makeID: makeID)
    }
}
