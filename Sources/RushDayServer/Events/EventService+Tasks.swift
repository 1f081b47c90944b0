import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

extension Paging {
    static func tasks(page: Int32, limit: Int32) throws(RPCError) -> Paging {
        try Paging(page: page, limit: limit, defaultLimit: 50, maximum: 500)
    }
}

/// Tasks (spec §4.4): R to list, W for every write; a task addressed by id alone is
/// resolved to its event first, then existence hiding applies (§2.3).
extension EventService {
    static let maxTasksPerEvent = 1000

    static func taskName(_ value: String) throws(RPCError) -> String { try FieldRules.text(value, "name", 1...500) }

    static func taskNotes(_ value: String?) throws(RPCError) -> String? { try FieldRules.optionalText(value, "notes", maximum: 5000) }

    /// The task and its event's access for a writer; `NOT_FOUND` when hidden, `PERMISSION_DENIED` for a viewer.
    static func writableTask(_ id: String, caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> TaskRecord {
        guard let task = try await TaskStore.task(id, sql),
            let access = try await EventStore.access(task.eventID, for: caller.userID, sql)
        else { throw RPCFailure.notFound("task") }
        guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot edit tasks") }
        return task
    }

    func createTask(request: Rushday_V1_CreateTaskRequest, context: ServerContext) async throws -> Rushday_V1_Task {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let name = try Self.taskName(request.name)
        let notes = try Self.taskNotes(request.hasNotes ? request.notes : nil)
        let notification = request.hasNotification ? request.notification.hearthTimestamp : nil
        let now = clock.now
        let task = try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot add tasks") }
            let (count, maxOrder) = try await TaskStore.countAndMaxOrder(of: eventID, sql)
            guard count < Self.maxTasksPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(Self.maxTasksPerEvent) tasks")
            }
            let task = TaskRecord(
                id: UUID().uuidString.lowercased(), eventID: eventID, name: name, notes: notes, notification: notification,
                orderNumber: maxOrder.map { $0 + 1 } ?? 0, now: now)
            try await TaskStore.insert(task, sql)
            if notification != nil { try await components.reminders.replan(eventID, sql) }
            return task
        }
        return task.message
    }

    func listTasks(request: Rushday_V1_ListTasksRequest, context: ServerContext) async throws -> Rushday_V1_ListTasksResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let paging = try Paging.tasks(page: request.page, limit: request.limit)
        let (tasks, total) = try await database.read { sql in
            guard try await EventStore.access(eventID, for: caller.userID, sql) != nil else { throw RPCFailure.notFound("event") }
            return try await TaskStore.page(of: eventID, limit: paging.limit, offset: paging.offset, sql)
        }
        var response = Rushday_V1_ListTasksResponse()
        response.tasks = tasks.map(\.message)
        response.totalCount = Int32(clamping: total)
        return response
    }

    func toggleTaskDone(request: Rushday_V1_ToggleTaskDoneRequest, context: ServerContext) async throws -> Rushday_V1_Task {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let now = clock.now
        let task = try await database.transaction { sql in
            var task = try await Self.writableTask(id, caller: caller, sql)
            task.isDone.toggle()
            task.completedAt = task.isDone ? now : nil
            task.updatedAt = max(now, task.updatedAt)
            try await TaskStore.update(task, sql)
            return task
        }
        return task.message
    }

    func updateTask(request: Rushday_V1_UpdateTaskRequest, context: ServerContext) async throws -> Rushday_V1_Task {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let name = try Self.taskName(request.name)
        let notes = try Self.taskNotes(request.hasNotes ? request.notes : nil)
        let notification = request.hasNotification ? request.notification.hearthTimestamp : nil
        let now = clock.now
        let task = try await database.transaction { sql in
            var task = try await Self.writableTask(id, caller: caller, sql)
            task.name = name
            task.notes = notes
            let notificationChanged = task.notification != notification
            task.notification = notification
            task.updatedAt = max(now, task.updatedAt)
            try await TaskStore.update(task, sql)
            if notificationChanged, notification != nil { try await components.reminders.replan(task.eventID, sql) }
            return task
        }
        return task.message
    }

    func deleteTask(request: Rushday_V1_DeleteTaskRequest, context: ServerContext) async throws -> Rushday_V1_DeleteTaskResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        try await database.transaction { sql in
            let task = try await Self.writableTask(id, caller: caller, sql)
            try await TaskStore.delete(task.id, sql)
        }
        var response = Rushday_V1_DeleteTaskResponse()
        response.success = true
        return response
    }

    func reorderTasks(request: Rushday_V1_ReorderTasksRequest, context: ServerContext) async throws -> Rushday_V1_ReorderTasksResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        guard !request.taskIds.isEmpty else { throw RPCFailure.invalid("task_ids", "must not be empty") }
        var seen = Set<String>()
        for (index, taskID) in request.taskIds.enumerated() {
            _ = try FieldRules.id(taskID, "task_ids[\(index)]")
            guard seen.insert(taskID).inserted else { throw RPCFailure.invalid("task_ids[\(index)]", "duplicate task id") }
        }
        let ids = request.taskIds
        let wanted = seen
        let now = clock.now
        let tasks = try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot reorder tasks") }
            let current = try await TaskStore.tasks(of: eventID, sql)
            guard Set(current.map(\.id)) == wanted, current.count == ids.count else {
                throw RPCFailure.precondition("task_ids must list every task of the event exactly once; reload the tasks")
            }
            let byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var reordered: [TaskRecord] = []
            for (index, taskID) in ids.enumerated() {
                guard var task = byID[taskID] else { throw RPCFailure.precondition("unknown task") }
                if task.orderNumber != index {
                    task.orderNumber = index
                    task.updatedAt = max(now, task.updatedAt)
                    try await TaskStore.update(task, sql)
                }
                reordered.append(task)
            }
            return reordered
        }
        var response = Rushday_V1_ReorderTasksResponse()
        response.tasks = tasks.map(\.message)
        return response
    }
}
