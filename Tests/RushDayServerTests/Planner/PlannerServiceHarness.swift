import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto

@testable import RushDayServer

/// Test support for the planner's gRPC tests: a harness whose planner has no step delay, and
/// small wrappers around the planner RPCs.
extension RushDayHarness {
    static func plannerSettings(stepDelayMilliseconds: Int64 = 0) -> RushDaySettings {
        var settings = hs256Settings()
        settings.plannerStepDelayMilliseconds = stepDelayMilliseconds
        return settings
    }

    static func runPlanner(
        _ engine: TestEngine, stepDelayMilliseconds: Int64 = 0, _ body: @Sendable (RushDayHarness) async throws -> Void
    ) async throws {
        try await run(engine, settings: plannerSettings(stepDelayMilliseconds: stepDelayMilliseconds), body)
    }

    /// `nil` = anonymous (no `authorization` header).
    func metadata(_ user: TestUser?) async throws -> Metadata {
        guard let user else { return [:] }
        return try await auth(user)
    }

    /// §6 #42: BIRTHDAY, MEDIUM, STANDARD, INDOOR_VENUE.
    static func birthdayPlanRequest(
        target: Rushday_V1_TargetPlanStyle = .unspecified, configure: (inout Rushday_V1_GenerateEventPlansRequest) -> Void = { _ in }
    ) -> Rushday_V1_GenerateEventPlansRequest {
        var request = Rushday_V1_GenerateEventPlansRequest()
        request.eventType = .birthday
        request.guestRange = .medium
        request.budgetTier = .standard
        request.venueType = .indoorVenue
        request.targetPlanStyle = target
        configure(&request)
        return request
    }

    /// Every message of a `GenerateEventPlans` stream, in order.
    func generatePlans(_ user: TestUser?, _ request: Rushday_V1_GenerateEventPlansRequest) async throws
        -> [Rushday_V1_GenerateEventPlansStreamResponse]
    {
        try await planner.generateEventPlans(request, metadata: try await metadata(user)) { response in
            var messages: [Rushday_V1_GenerateEventPlansStreamResponse] = []
            for try await message in response.messages { messages.append(message) }
            return messages
        }
    }

    /// The generation id and plans of a completed stream.
    func generation(_ user: TestUser?, _ request: Rushday_V1_GenerateEventPlansRequest) async throws
        -> (id: String, plans: [Rushday_V1_EventPlanSummary])
    {
        let messages = try await generatePlans(user, request)
        let plans = messages.compactMap { message -> Rushday_V1_EventPlanSummary? in
            if case .planSummary(let plan) = message.payload { return plan }
            return nil
        }
        let id = messages.compactMap { message -> String? in
            if case .complete(let complete) = message.payload { return complete.generationID }
            return nil
        }.first
        return (id ?? "", plans)
    }

    func planDetails(_ user: TestUser?, generationID: String, planID: String) async throws -> Rushday_V1_GetPlanDetailsResponse {
        var request = Rushday_V1_GetPlanDetailsRequest()
        request.generationID = generationID
        request.planID = planID
        return try await planner.getPlanDetails(request, metadata: try await metadata(user))
    }

    func generationCount() async throws -> Int64 {
        try await database.read { sql in
            try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_plan_generations")?.int("n") ?? -1
        }
    }

    func listAgendas(_ user: TestUser, _ eventID: String) async throws -> [Rushday_V1_Agenda] {
        var request = Rushday_V1_ListAgendasRequest()
        request.eventID = eventID
        return try await events.listAgendas(request, metadata: try await auth(user)).agendas
    }

    func listBudgets(_ user: TestUser, _ eventID: String) async throws -> [Rushday_V1_Budget] {
        var request = Rushday_V1_ListBudgetsRequest()
        request.eventID = eventID
        return try await events.listBudgets(request, metadata: try await auth(user)).budgets
    }

    func sendChat(
        _ user: TestUser, _ eventID: String, _ text: String, conversationID: String? = nil, topic: Rushday_V1_ChatTopic = .unspecified
    ) async throws -> Rushday_V1_SendChatMessageResponse {
        var request = Rushday_V1_SendChatMessageRequest()
        request.eventID = eventID
        request.message = text
        request.topic = topic
        if let conversationID { request.conversationID = conversationID }
        return try await planner.sendChatMessage(request, metadata: try await auth(user))
    }
}
