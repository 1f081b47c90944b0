import GRPCCore
import HearthCore
import HearthStore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

extension RushDayHarness {
    @discardableResult
    func createTask(
        _ user: TestUser, _ eventID: String, name: String, configure: (inout Rushday_V1_CreateTaskRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Task {
        var request = Rushday_V1_CreateTaskRequest()
        request.eventID = eventID
        request.name = name
        configure(&request)
        return try await events.createTask(request, metadata: try await auth(user))
    }

    func listTasks(_ user: TestUser, _ eventID: String, page: Int32 = 0, limit: Int32 = 0) async throws -> Rushday_V1_ListTasksResponse {
        var request = Rushday_V1_ListTasksRequest()
        request.eventID = eventID
        request.page = page
        request.limit = limit
        return try await events.listTasks(request, metadata: try await auth(user))
    }

    func toggleTask(_ user: TestUser, _ id: String) async throws -> Rushday_V1_Task {
        var request = Rushday_V1_ToggleTaskDoneRequest()
        request.id = id
        return try await events.toggleTaskDone(request, metadata: try await auth(user))
    }

    func deleteTask(_ user: TestUser, _ id: String) async throws -> Rushday_V1_DeleteTaskResponse {
        var request = Rushday_V1_DeleteTaskRequest()
        request.id = id
        return try await events.deleteTask(request, metadata: try await auth(user))
    }

    func reorderTasks(_ user: TestUser, _ eventID: String, _ ids: [String]) async throws -> Rushday_V1_ReorderTasksResponse {
        var request = Rushday_V1_ReorderTasksRequest()
        request.eventID = eventID
        request.taskIds = ids
        return try await events.reorderTasks(request, metadata: try await auth(user))
    }
}

/// Spec §4.4 with §2.3–§2.8, over a real gRPC connection.
@Suite struct TaskTests {
    @Test(arguments: TestEngine.available)
    func createAppendsInOrderAndValidates(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let first = try await rd.createTask(.ann, event.id, name: "  Book venue  ") {
                $0.notes = "Call them"
                $0.notification = .iso("2026-05-01T09:00:00Z")
            }
            let second = try await rd.createTask(.ann, event.id, name: "Cake")
            let third = try await rd.createTask(.ann, event.id, name: "Music")
            #expect([first, second, third].map(\.orderNumber) == [0, 1, 2])
            #expect(first.name == "Book venue")
            #expect(first.notes == "Call them")
            #expect(first.notification == .iso("2026-05-01T09:00:00Z"))
            #expect(!first.isDone && !first.hasCompletedAt)
            #expect(first.eventID == event.id)
            #expect(!second.hasNotes && !second.hasNotification)
            let blank = await rpcError { try await rd.createTask(.ann, event.id, name: " ") }
            #expect(blank?.code == .invalidArgument)
            #expect(blank?.message.hasPrefix("name:") == true)
            #expect(await rpcCode { try await rd.createTask(.ann, event.id, name: String(repeating: "n", count: 501)) } == .invalidArgument)
            #expect(
                await rpcCode { try await rd.createTask(.ann, event.id, name: "x") { $0.notes = String(repeating: "n", count: 5001) } }
                    == .invalidArgument)
            #expect(await rpcCode { try await rd.createTask(.ann, "nope", name: "x") } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func listIsOrderedAndPaged(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            for index in 1...5 { try await rd.createTask(.ann, event.id, name: "T\(index)") }
            let all = try await rd.listTasks(.ann, event.id)
            #expect(all.tasks.map(\.name) == ["T1", "T2", "T3", "T4", "T5"])
            #expect(all.totalCount == 5)
            let second = try await rd.listTasks(.ann, event.id, page: 2, limit: 2)
            #expect(second.tasks.map(\.name) == ["T3", "T4"])
            #expect(second.totalCount == 5)
            #expect(try await rd.listTasks(.ann, event.id, page: 4, limit: 2).tasks.isEmpty)
            #expect(try await rd.listTasks(.ann, event.id, limit: 1000).tasks.count == 5)
            #expect(await rpcCode { _ = try await rd.listTasks(.ann, event.id, page: -1) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.listTasks(.ann, event.id, limit: -1) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func toggleSetsAndClearsCompletedAt(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let task = try await rd.createTask(.ann, event.id, name: "Cake")
            rd.clock.advance(seconds: 60)
            let done = try await rd.toggleTask(.ann, task.id)
            #expect(done.isDone)
            #expect(done.completedAt.seconds == task.createdAt.seconds + 60)
            #expect(done.orderNumber == task.orderNumber)
            let undone = try await rd.toggleTask(.ann, task.id)
            #expect(!undone.isDone)
            #expect(!undone.hasCompletedAt)
            #expect(await rpcCode { _ = try await rd.toggleTask(.ann, "nope") } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateReplacesAndClearsAbsentFormFields(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let task = try await rd.createTask(.ann, event.id, name: "Cake") {
                $0.notes = "Chocolate"
                $0.notification = .iso("2026-05-01T09:00:00Z")
            }
            rd.clock.advance(seconds: 30)
            var request = Rushday_V1_UpdateTaskRequest()
            request.id = task.id
            request.name = "Big cake"
            let updated = try await rd.events.updateTask(request, metadata: try await rd.auth(.ann))
            #expect(updated.name == "Big cake")
            #expect(!updated.hasNotes)
            #expect(!updated.hasNotification)
            #expect(updated.createdAt == task.createdAt)
            #expect(updated.updatedAt.seconds == task.updatedAt.seconds + 30)
            request.notes = "Vanilla"
            let withNotes = try await rd.events.updateTask(request, metadata: try await rd.auth(.ann))
            #expect(withNotes.notes == "Vanilla")
            #expect(try await rd.listTasks(.ann, event.id).tasks.first?.notes == "Vanilla")
            request.name = ""
            #expect(await rpcCode { _ = try await rd.events.updateTask(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func deleteKeepsTheOthersOrderNumbers(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let tasks = [
                try await rd.createTask(.ann, event.id, name: "A"), try await rd.createTask(.ann, event.id, name: "B"),
                try await rd.createTask(.ann, event.id, name: "C"),
            ]
            #expect(try await rd.deleteTask(.ann, tasks[1].id).success)
            let list = try await rd.listTasks(.ann, event.id)
            #expect(list.tasks.map(\.name) == ["A", "C"])
            #expect(list.tasks.map(\.orderNumber) == [0, 2])
            #expect(await rpcCode { _ = try await rd.deleteTask(.ann, tasks[1].id) } == .notFound)
            #expect(try await rd.createTask(.ann, event.id, name: "D").orderNumber == 3)
        }
    }

    @Test(arguments: TestEngine.available)
    func reorderRenumbersOrRefusesAndChangesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let other = try await rd.createEvent(.ann, name: "Other")
            let foreign = try await rd.createTask(.ann, other.id, name: "F")
            var ids: [String] = []
            for name in ["A", "B", "C"] { ids.append(try await rd.createTask(.ann, event.id, name: name).id) }
            let reordered = try await rd.reorderTasks(.ann, event.id, [ids[2], ids[0], ids[1]])
            #expect(reordered.tasks.map(\.name) == ["C", "A", "B"])
            #expect(reordered.tasks.map(\.orderNumber) == [0, 1, 2])
            #expect(try await rd.listTasks(.ann, event.id).tasks.map(\.name) == ["C", "A", "B"])

            #expect(await rpcCode { _ = try await rd.reorderTasks(.ann, event.id, []) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.reorderTasks(.ann, event.id, [ids[0], ids[0], ids[1]]) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.reorderTasks(.ann, event.id, [ids[0], ids[1]]) } == .failedPrecondition)
            #expect(
                await rpcCode { _ = try await rd.reorderTasks(.ann, event.id, [ids[0], ids[1], ids[2], foreign.id]) }
                    == .failedPrecondition)
            #expect(await rpcCode { _ = try await rd.reorderTasks(.ann, event.id, [ids[0], ids[1], foreign.id]) } == .failedPrecondition)
            let after = try await rd.listTasks(.ann, event.id)
            #expect(after.tasks.map(\.name) == ["C", "A", "B"])
            #expect(after.tasks.map(\.orderNumber) == [0, 1, 2])
            #expect(try await rd.listTasks(.ann, other.id).tasks.map(\.orderNumber) == [0])
        }
    }

    @Test(arguments: TestEngine.available)
    func strangersGetNotFoundViewersReadButCannotWriteAdminsWrite(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let task = try await rd.createTask(.ann, event.id, name: "Cake")
            try await rd.addCoHost(.bob, to: event, role: "viewer")

            #expect(await rpcCode { _ = try await rd.listTasks(.cid, event.id) } == .notFound)
            #expect(await rpcCode { try await rd.createTask(.cid, event.id, name: "x") } == .notFound)
            #expect(await rpcCode { _ = try await rd.toggleTask(.cid, task.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.deleteTask(.cid, task.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.reorderTasks(.cid, event.id, [task.id]) } == .notFound)
            var update = Rushday_V1_UpdateTaskRequest()
            update.id = task.id
            update.name = "Hijacked"
            #expect(await rpcCode { _ = try await rd.events.updateTask(update, metadata: try await rd.auth(.cid)) } == .notFound)

            #expect(try await rd.listTasks(.bob, event.id).tasks.map(\.id) == [task.id])
            #expect(await rpcCode { try await rd.createTask(.bob, event.id, name: "x") } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.toggleTask(.bob, task.id) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.deleteTask(.bob, task.id) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.reorderTasks(.bob, event.id, [task.id]) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.events.updateTask(update, metadata: try await rd.auth(.bob)) } == .permissionDenied)

            try await rd.addCoHost(.cid, to: event, role: "admin")
            #expect(try await rd.toggleTask(.cid, task.id).isDone)
            #expect(try await rd.listTasks(.ann, event.id).tasks.first?.isDone == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheEventDeletesItsTasks(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let task = try await rd.createTask(.ann, event.id, name: "Cake")
            var delete = Rushday_V1_DeleteEventRequest()
            delete.id = event.id
            _ = try await rd.events.deleteEvent(delete, metadata: try await rd.auth(.ann))
            #expect(await rpcCode { _ = try await rd.toggleTask(.ann, task.id) } == .notFound)
            let remaining = try await rd.database.read { sql in
                try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_tasks WHERE event_id = ?", [.text(event.id)])
            }
            #expect(try remaining?.int("n") == 0)
        }
    }
}
