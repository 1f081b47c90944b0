import Foundation
import HearthCore
import RushDayProto
import SwiftProtobuf

/// The user's events kept on the device, so the screens work offline. Edits are applied
/// here first (the screen updates at once), then sent: a server refusal (e.g. a viewer
/// editing, `PERMISSION_DENIED`) undoes the local change and throws; an unreachable server
/// keeps the change and queues it for ``sync()``.
public actor OfflineEventStore {
    /// How an edit ended.
    public enum Outcome: Sendable, Equatable {
        /// The server confirmed it.
        case saved
        /// The server could not be reached; the edit waits in the queue.
        case queued
    }

    public let path: String
    let client: RushDayClient
    let clock: any WallClock
    let onChange: @Sendable (OfflineSnapshot) -> Void
    public private(set) var snapshot: OfflineSnapshot

    /// Opens the cache at `path` (empty when there is none yet). `onChange` sees every
    /// state the screens should show, optimistic ones included.
    public init(
        path: String, client: RushDayClient, clock: any WallClock = SystemWallClock(),
        onChange: @escaping @Sendable (OfflineSnapshot) -> Void = { _ in }
    ) throws {
        self.path = path
        self.client = client
        self.clock = clock
        self.onChange = onChange
        snapshot = try OfflineCacheFile.load(path)
    }

    // MARK: Reading

    public var events: [Rushday_V1_Event] { snapshot.events }

    /// Upcoming, drafts and past, split at the injected clock's now.
    public func sections() -> EventListSections { EventListSections(snapshot.events, now: clock.now.date) }

    public func tasks(eventID: String) -> TaskOrdering { TaskOrdering(snapshot.tasks[eventID] ?? []) }

    /// Sends queued edits, then reloads the events from the server. A cache holding another
    /// account's data is dropped first.
    public func sync() async throws {
        let userID = await client.account.signedInUserID()
        if snapshot.userID != userID {
            snapshot = OfflineSnapshot()
            snapshot.userID = userID
        }
        try await sendPending()
        snapshot.events = try await client.allEvents()
        let known = Set(snapshot.events.map(\.id))
        snapshot.tasks = snapshot.tasks.filter { known.contains($0.key) }
        try commit()
    }

    /// Reloads one event's tasks.
    public func syncTasks(eventID: String) async throws {
        snapshot.tasks[eventID] = try await client.allTasks(eventID: eventID)
        try commit()
    }

    // MARK: Optimistic edits

    /// Changes an event locally, then sends it as a full `UpdateEventRequest`.
    @discardableResult
    public func updateEvent(id: String, _ change: @Sendable (inout Rushday_V1_Event) -> Void) async throws -> Outcome {
        guard let before = snapshot.event(id: id) else { throw RushDayError.notFound("event \(id) is not in the cache; sync first") }
        var after = before
        change(&after)
        let request = Rushday_V1_UpdateEventRequest(keeping: after)
        return try await optimistic(
            .updateEvent(request: try request.serializedBytes()),
            apply: { $0.replaceEvent(after) },
            undo: { $0.replaceEvent(before) },
            send: {
                let answer = try await self.client.updateEvent(request)
                return { $0.replaceEvent(answer) }
            })
    }

    @discardableResult
    public func deleteEvent(id: String) async throws -> Outcome {
        guard let index = snapshot.events.firstIndex(where: { $0.id == id }) else { return .saved }
        let before = snapshot.events[index]
        let tasks = snapshot.tasks[id]
        return try await optimistic(
            .deleteEvent(id: id),
            apply: {
                $0.events.removeAll { $0.id == id }
                $0.tasks[id] = nil
            },
            undo: {
                $0.events.insert(before, at: min(index, $0.events.count))
                $0.tasks[id] = tasks
            },
            send: {
                try await self.client.deleteEvent(id: id)
                return { _ in }
            })
    }

    /// Marks a task done (or not done).
    @discardableResult
    public func setTaskDone(taskID: String, eventID: String, done: Bool) async throws -> Outcome {
        guard let before = snapshot.tasks[eventID]?.first(where: { $0.id == taskID }) else {
            throw RushDayError.notFound("task \(taskID) is not in the cache; sync the event's tasks first")
        }
        guard before.isDone != done else { return .saved }
        var after = before
        after.isDone = done
        if done { after.completedAt = Google_Protobuf_Timestamp(date: clock.now.date) } else { after.clearCompletedAt() }
        return try await optimistic(
            .setTaskDone(taskID: taskID, eventID: eventID, done: done),
            apply: { $0.replaceTask(after) },
            undo: { $0.replaceTask(before) },
            send: {
                let answer = try await self.setDone(taskID: taskID, done: done)
                return { $0.replaceTask(answer) }
            })
    }

    /// Moves a task to `position` (0-based) and sends the whole new order.
    @discardableResult
    public func moveTask(id: String, eventID: String, to position: Int) async throws -> Outcome {
        let before = snapshot.tasks[eventID] ?? []
        guard let ids = TaskOrdering(before).moving(id: id, to: position) else {
            throw RushDayError.invalidArgument("position: must be between 0 and \(max(0, before.count - 1))")
        }
        return try await optimistic(
            .reorderTasks(eventID: eventID, taskIDs: ids),
            apply: { $0.tasks[eventID] = TaskOrdering.applying(ids, to: before) },
            undo: { $0.tasks[eventID] = before },
            send: {
                let answer = try await self.client.reorderTasks(eventID: eventID, taskIDs: ids)
                return { $0.tasks[eventID] = answer }
            })
    }

    // MARK: Machinery

    private func optimistic(
        _ edit: PendingEdit, apply: (inout OfflineSnapshot) -> Void, undo: (inout OfflineSnapshot) -> Void,
        send: @Sendable () async throws -> @Sendable (inout OfflineSnapshot) -> Void
    ) async throws -> Outcome {
        apply(&snapshot)
        try commit()
        let reconcile: @Sendable (inout OfflineSnapshot) -> Void
        do {
            reconcile = try await send()
        } catch {
            let failure = RushDayError.from(error)
            if failure.isTransient {
                snapshot.pending.append(edit)
                try commit()
                return .queued
            }
            undo(&snapshot)
            try commit()
            throw failure
        }
        // Other edits may have landed while this one was in flight: keep theirs, take the server's answer for this one.
        reconcile(&snapshot)
        try commit()
        return .saved
    }

    private func setDone(taskID: String, done: Bool) async throws -> Rushday_V1_Task {
        let toggled = try await client.toggleTaskDone(id: taskID)
        return toggled.isDone == done ? toggled : try await client.toggleTaskDone(id: taskID)
    }

    /// Sends the queued edits in order. Stops (keeping the rest) when the server is still
    /// unreachable; drops an edit the server refuses (the reload that follows undoes it).
    private func sendPending() async throws {
        while let edit = snapshot.pending.first {
            do {
                switch edit {
                case .updateEvent(let data): _ = try await client.updateEvent(try Rushday_V1_UpdateEventRequest(serializedBytes: data))
                case .deleteEvent(let id): try await client.deleteEvent(id: id)
                case .setTaskDone(let taskID, _, let done): snapshot.replaceTask(try await setDone(taskID: taskID, done: done))
                case .reorderTasks(let eventID, let ids): snapshot.tasks[eventID] = try await client.reorderTasks(eventID: eventID, taskIDs: ids)
                }
            } catch {
                let failure = RushDayError.from(error)
                if failure.isTransient || failure == .signedOut { throw failure }
                if case .reorderTasks(let eventID, _) = edit { snapshot.tasks[eventID] = nil }
            }
            snapshot.pending.removeFirst()
            try commit()
        }
    }

    private func commit() throws {
        try OfflineCacheFile.save(snapshot, to: path)
        onChange(snapshot)
    }
}
