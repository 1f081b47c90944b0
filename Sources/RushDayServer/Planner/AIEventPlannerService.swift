import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// `rushday.v1.AIEventPlannerService` (spec §5): the gRPC layer over the rule-based planner.
/// Plan generation lives here; AI drafts, generators, chat and checklists in
/// `AIEventPlannerService+<Area>.swift`. The service owns validation, authorization,
/// sanitisation and persistence; the ``PlanningProvider`` only produces content.
struct AIEventPlannerService: Rushday_V1_AIEventPlannerService.SimpleServiceProtocol {
    let components: RushDayComponents

    var database: any HearthDatabase { components.services.database }
    var clock: any WallClock { components.services.clock }

    var provider: any PlanningProvider {
        RuleBasedPlanningProvider(
            clock: clock, stepDelay: .milliseconds(max(components.settings.plannerStepDelayMilliseconds, 0)))
    }

    /// Plans must be complete within this time (§5.1); a slower provider yields `TIMEOUT`.
    static let planTimeout: Duration = .seconds(120)

    static func invalid(_ error: PlannerInputError) -> RPCError {
        RPCError(code: .invalidArgument, message: error.message)
    }

    /// The caller's currency (§2.6), or nil when anonymous.
    func currency(of caller: VerifiedCaller?) async throws -> String? {
        guard let caller else { return nil }
        return try await components.users.user(caller.userID)?.currency
    }

    func generateEventPlans(
        request: Rushday_V1_GenerateEventPlansRequest, response: RPCWriter<Rushday_V1_GenerateEventPlansStreamResponse>, context: ServerContext
    ) async throws {
        let caller = Principal.current.caller
        let planRequest: PlanRequest
        do {
            planRequest = try PlannerProtoMapping.planRequest(request, callerCurrency: try await currency(of: caller))
        } catch let error as PlannerInputError {
            throw Self.invalid(error)
        }
        let started = ContinuousClock.now
        let writer = PlanStreamWriter(response: response, request: planRequest)
        var progress = PlannerOutputSanitiser.ProgressGuard()
        var plans: [GeneratedPlan] = []
        var events = provider.generatePlans(for: planRequest).makeAsyncIterator()
        while true {
            try Task.checkCancellation()
            let next: PlanGenerationEvent?
            do {
                next = try await events.next()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                return try await writer.fail("PROVIDER_ERROR", "The planner failed; try again")
            }
            guard ContinuousClock.now - started < Self.planTimeout else {
                return try await writer.fail("TIMEOUT", "Generating plans took too long")
            }
            switch next {
            case nil:
                return try await writer.fail("PROVIDER_ERROR", "The planner stopped before finishing")
            case .progress(let step):
                try await writer.send(.progress(progress.admit(step)))
            case .plan(let plan):
                guard plans.count < PlannerOutputSanitiser.maximumPlans else { continue }
                let clean = PlannerOutputSanitiser.plan(plan)
                plans.append(clean)
                try await writer.send(.plan(clean))
            case .complete(let generationID, _, let elapsed):
                guard !plans.isEmpty else { return try await writer.fail("NO_PLANS", "No plans were generated") }
                // Stored only now: a cancelled or failed stream leaves no generation behind.
                let stored = plans
                let now = clock.now
                try Task.checkCancellation()
                let elapsedMilliseconds = max(elapsed, 0)
                try await database.transaction { sql in
                    try await GenerationStore.insert(
                        id: generationID, ownerID: caller?.userID, request: planRequest, plans: stored,
                        processingTimeMilliseconds: elapsedMilliseconds, now: now, sql)
                }
                return try await writer.send(
                    .complete(generationID: generationID, totalPlans: plans.count, processingTimeMilliseconds: elapsedMilliseconds))
            }
        }
    }

    func getGeneratedPlans(
        request: Rushday_V1_GetGeneratedPlansRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateEventPlansResponse {
        let caller = try Principal.requireCaller()
        let generationID = try FieldRules.id(request.generationID, "generation_id")
        let now = clock.now
        let (generation, plans) = try await database.transaction { sql in
            guard let generation = try await GenerationStore.accessible(generationID, for: caller.userID, now: now, sql) else {
                throw RPCFailure.notFound("generation")
            }
            return (generation, try await GenerationStore.plans(of: generationID, sql))
        }
        var response = Rushday_V1_GenerateEventPlansResponse()
        response.generationID = generationID
        response.plans = plans.map(PlannerProtoMapping.eventPlan)
        response.processingTimeMs = generation.processingTimeMilliseconds
        return response
    }

    /// The plan is found by `plan_id`; `generation_id` is only a hint (§5.5).
    func getPlanDetails(
        request: Rushday_V1_GetPlanDetailsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetPlanDetailsResponse {
        let caller = try Principal.requireCaller()
        let planID = try FieldRules.id(request.planID, "plan_id")
        if !request.generationID.isEmpty { _ = try FieldRules.id(request.generationID, "generation_id") }
        let now = clock.now
        let (_, plan) = try await Self.ownedPlan(planID, caller: caller, now: now, database: database)
        var response = Rushday_V1_GetPlanDetailsResponse()
        response.success = true
        response.plan = PlannerProtoMapping.eventPlan(plan)
        return response
    }

    /// A plan of a generation the caller owns (or now claims), else `NOT_FOUND`.
    static func ownedPlan(
        _ planID: String, caller: VerifiedCaller, now: Timestamp, database: any HearthDatabase
    ) async throws -> (StoredGeneration, GeneratedPlan) {
        try await database.transaction { sql in try await ownedPlan(planID, caller: caller, now: now, sql) }
    }

    static func ownedPlan(
        _ planID: String, caller: VerifiedCaller, now: Timestamp, _ sql: any SQLExecutor
    ) async throws -> (StoredGeneration, GeneratedPlan) {
        guard let found = try await GenerationStore.plan(planID, sql),
            let generation = try await GenerationStore.accessible(found.generationID, for: caller.userID, now: now, sql)
        else { throw RPCFailure.notFound("plan") }
        return (generation, found.plan)
    }
}
