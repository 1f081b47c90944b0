import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

extension RushDayHarness {
    /// Rows of a planner table whose `column` equals `value`.
    func plannerRows(_ table: String, where column: String, is value: String) async throws -> Int64 {
        try await database.read { sql in
            try await sql.queryFirst("SELECT COUNT(*) AS n FROM \(table) WHERE \(column) = ?", [.text(value)])?.int("n") ?? -1
        }
    }
}

/// Planner data goes with what it belongs to (spec §4.1 DeleteUser, §4.2 DeleteEvent): chat
/// data cascades from the event and the user, generations from their owner.
@Suite struct PlannerDataLifecycleTests {
    @Test(arguments: TestEngine.available)
    func deletingTheEventRemovesItsChatData(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            _ = try await rd.sendChat(.ann, event.id, "a venue checklist please")
            #expect(try await rd.plannerRows("rd_chat_messages", where: "event_id", is: event.id) == 2)
            #expect(try await rd.plannerRows("rd_chat_checklists", where: "event_id", is: event.id) == 1)
            var delete = Rushday_V1_DeleteEventRequest()
            delete.id = event.id
            _ = try await rd.events.deleteEvent(delete, metadata: try await rd.auth(.ann))
            #expect(try await rd.plannerRows("rd_chat_conversations", where: "event_id", is: event.id) == 0)
            #expect(try await rd.plannerRows("rd_chat_messages", where: "event_id", is: event.id) == 0)
            #expect(try await rd.plannerRows("rd_chat_checklists", where: "event_id", is: event.id) == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheUserRemovesTheirGenerationsAndChatData(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.bob)
            try await rd.addCoHost(.ann, to: event)
            _ = try await rd.sendChat(.ann, event.id, "hello")
            _ = try await rd.sendChat(.bob, event.id, "hello")
            let generated = try await rd.generation(.ann, RushDayHarness.birthdayPlanRequest(target: .budget))
            #expect(try await rd.plannerRows("rd_plan_generations", where: "owner_id", is: TestUser.ann.rawValue) == 1)
            _ = try await rd.users.deleteUser(Rushday_V1_DeleteUserRequest(), metadata: try await rd.auth(.ann))
            #expect(try await rd.plannerRows("rd_plan_generations", where: "id", is: generated.id) == 0)
            #expect(try await rd.plannerRows("rd_plan_plans", where: "generation_id", is: generated.id) == 0)
            #expect(try await rd.plannerRows("rd_chat_messages", where: "user_id", is: TestUser.ann.rawValue) == 0)
            #expect(try await rd.plannerRows("rd_chat_messages", where: "user_id", is: TestUser.bob.rawValue) == 2)
        }
    }
}
