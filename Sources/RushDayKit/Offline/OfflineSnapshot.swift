import Foundation
import RushDayProto

/// What the offline cache holds: the user's events, the tasks of the events opened so
/// far, and the edits still waiting for the server.
public struct OfflineSnapshot: Sendable, Equatable {
    public var userID: String?
    public var events: [Rushday_V1_Event] = []
    public var tasks: [String: [Rushday_V1_Task]] = [:]
    public var pending: [PendingEdit] = []

    public init() {}

    public func event(id: String) -> Rushday_V1_Event? { events.first { $0.id == id } }

    mutating func replaceEvent(_ event: Rushday_V1_Event) {
        if let index = events.firstIndex(where: { $0.id == event.id }) {
            events[index] = event
        } else {
            events.append(event)
        }
    }

    mutating func replaceTask(_ task: Rushday_V1_Task) {
        guard var list = tasks[task.eventID] else { return }
        if let index = list.firstIndex(where: { $0.id == task.id }) {
            list[index] = task
        } else {
            list.append(task)
        }
        tasks[task.eventID] = list
    }
}

/// A change applied locally that the server has not confirmed yet (kept across launches).
public enum PendingEdit: Codable, Sendable, Equatable {
    /// A full `UpdateEventRequest`, in protobuf binary.
    case updateEvent(request: Data)
    case deleteEvent(id: String)
    case setTaskDone(taskID: String, eventID: String, done: Bool)
    case reorderTasks(eventID: String, taskIDs: [String])
}
