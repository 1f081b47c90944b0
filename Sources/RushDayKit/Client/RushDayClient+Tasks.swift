import Foundation
import RushDayProto
import SwiftProtobuf

extension RushDayClient {
    public func createTask(eventID: String, name: String, notes: String? = nil, due: Date? = nil) async throws -> Rushday_V1_Task {
        var request = Rushday_V1_CreateTaskRequest()
        request.eventID = eventID
        request.name = name
        if let notes { request.notes = notes }
        if let due { request.notification = Google_Protobuf_Timestamp(date: due) }
        return try await authorized { try await eventService.createTask(request, metadata: $0, options: $1) }
    }

    /// Every task of the event, by `order_number` (pages of 500, the most `ListTasks`
    /// gives), as `ReorderTasks` needs them all (spec §4.4).
    public func allTasks(eventID: String) async throws -> [Rushday_V1_Task] {
        var tasks: [Rushday_V1_Task] = []
        var page: Int32 = 1
        while true {
            var request = Rushday_V1_ListTasksRequest()
            request.eventID = eventID
            request.page = page
            request.limit = 500
            let answer = try await authorized { try await eventService.listTasks(request, metadata: $0, options: $1) }
            tasks += answer.tasks
            if answer.tasks.isEmpty || tasks.count >= Int(answer.totalCount) { return tasks }
            page += 1
        }
    }

    public func toggleTaskDone(id: String) async throws -> Rushday_V1_Task {
        var request = Rushday_V1_ToggleTaskDoneRequest()
        request.id = id
        return try await authorized { try await eventService.toggleTaskDone(request, metadata: $0, options: $1) }
    }

    public func updateTask(_ request: Rushday_V1_UpdateTaskRequest) async throws -> Rushday_V1_Task {
        try await authorized { try await eventService.updateTask(request, metadata: $0, options: $1) }
    }

    public func deleteTask(id: String) async throws {
        var request = Rushday_V1_DeleteTaskRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteTask(request, metadata: $0, options: $1) }
    }

    /// Puts the event's tasks in the order of `taskIDs` (every task exactly once).
    public func reorderTasks(eventID: String, taskIDs: [String]) async throws -> [Rushday_V1_Task] {
        var request = Rushday_V1_ReorderTasksRequest()
        request.eventID = eventID
        request.taskIds = taskIDs
        return try await authorized { try await eventService.reorderTasks(request, metadata: $0, options: $1) }.tasks
    }
}

extension Rushday_V1_UpdateTaskRequest {
    /// The full-replacement request that keeps `task` as it is.
    public init(keeping task: Rushday_V1_Task) {
        self.init()
        id = task.id
        name = task.name
        if task.hasNotes { notes = task.notes }
        if task.hasNotification { notification = task.notification }
    }
}
