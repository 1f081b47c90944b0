import GRPCCore
import RushDayProto

/// What the plan wizard's stream produced.
public struct PlanGeneration: Sendable {
    public var generationID: String
    public var plans: [Rushday_V1_EventPlanSummary]
}

/// One step of a streamed assistant reply.
public enum ChatUpdate: Sendable {
    case text(String)
    case tool(Rushday_V1_ToolExecution)
}

extension RushDayClient {
    /// Streams the wizard's plans (spec §5.4), handing every progress message to `progress`
    /// as it arrives. A `GenerationError` in the stream ends as ``RushDayError/server(_:)``.
    public func generatePlans(
        _ request: Rushday_V1_GenerateEventPlansRequest, progress: @escaping @Sendable (Rushday_V1_GenerationProgress) -> Void = { _ in }
    ) async throws -> PlanGeneration {
        try await authorized(timeout: .seconds(300)) { metadata, options in
            try await plannerService.generateEventPlans(request, metadata: metadata, options: options) { response in
                var generation = PlanGeneration(generationID: "", plans: [])
                for try await message in response.messages {
                    switch message.payload {
                    case .progress(let step): progress(step)
                    case .planSummary(let plan): generation.plans.append(plan)
                    case .complete(let complete):
                        generation.generationID = complete.generationID
                    case .error(let failure):
                        throw RushDayError.server("\(failure.code): \(failure.message)")
                    case nil: break
                    }
                }
                return generation
            }
        }
    }

    public func planDetails(generationID: String, planID: String) async throws -> Rushday_V1_EventPlan {
        var request = Rushday_V1_GetPlanDetailsRequest()
        request.generationID = generationID
        request.planID = planID
        let answer = try await authorized { try await plannerService.getPlanDetails(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.plan
    }

    /// Creates an event (with the chosen tasks, agenda and expenses) from a generated plan.
    public func createEventFromPlan(_ request: Rushday_V1_CreateEventFromPlanRequest) async throws -> Rushday_V1_CreateEventFromPlanResponse {
        let answer = try await authorized { try await plannerService.createEventFromPlan(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer
    }

    /// Asks the assistant about an event; `update` receives the reply's text as it streams
    /// and the tools it runs. Returns the final answer (spec §5.8).
    public func chat(
        _ request: Rushday_V1_SendChatMessageRequest, update: @escaping @Sendable (ChatUpdate) -> Void = { _ in }
    ) async throws -> Rushday_V1_SendChatMessageResponse {
        try await authorized(timeout: .seconds(120)) { metadata, options in
            try await plannerService.sendChatMessageStream(request, metadata: metadata, options: options) { response in
                var done: Rushday_V1_SendChatMessageResponse?
                for try await message in response.messages {
                    switch message.payload {
                    case .delta(let delta): update(.text(delta.text))
                    case .toolExecution(let tool): update(.tool(tool))
                    case .done(let answer): done = answer
                    case .error(let failure): throw RushDayError.server("\(failure.code): \(failure.message)")
                    case nil: break
                    }
                }
                guard let done else { throw RushDayError.server("the reply ended early") }
                guard done.success else { throw RushDayError.server(done.errorMessage) }
                return done
            }
        }
    }

    public func generateInviteMessage(eventID: String) async throws -> String {
        var request = Rushday_V1_GenerateInviteMessageRequest()
        request.eventID = eventID
        let answer = try await authorized { try await plannerService.generateInviteMessage(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.message
    }
}
