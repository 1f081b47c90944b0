import GRPCCore
import RushDayProto

/// Writes `GenerateEventPlans` messages; a write to a stream the client already left ends
/// the call as `CANCELLED` rather than an unexpected failure.
struct PlanStreamWriter {
    let response: RPCWriter<Rushday_V1_GenerateEventPlansStreamResponse>
    let request: PlanRequest

    func send(_ event: PlanGenerationEvent) async throws {
        try await write(PlannerProtoMapping.streamMessage(event, for: request))
    }

    /// The last message after a provider failure (§5.4); the call still ends with OK.
    func fail(_ code: String, _ message: String) async throws {
        try await write(PlannerProtoMapping.errorMessage(code: code, message: message))
    }

    private func write(_ message: Rushday_V1_GenerateEventPlansStreamResponse) async throws {
        do {
            try await response.write(message)
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError(code: .cancelled, message: "the client left the stream")
        }
    }
}
