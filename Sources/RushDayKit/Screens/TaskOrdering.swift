import RushDayProto

/// A task list as the screen shows it, and what moving a row sends to `ReorderTasks`.
public struct TaskOrdering: Sendable, Equatable {
    /// By `order_number`, ties by creation then id (spec §2.8).
    public let tasks: [Rushday_V1_Task]

    public init(_ tasks: [Rushday_V1_Task]) {
        self.tasks = tasks.sorted { a, b in
            if a.orderNumber != b.orderNumber { return a.orderNumber < b.orderNumber }
            let left = (a.createdAt.seconds, a.createdAt.nanos)
            let right = (b.createdAt.seconds, b.createdAt.nanos)
            return left != right ? left < right : a.id < b.id
        }
    }

    public var ids: [String] { tasks.map(\.id) }
    public var doneCount: Int { tasks.filter(\.isDone).count }
    public var openTasks: [Rushday_V1_Task] { tasks.filter { !$0.isDone } }

    /// The id list after moving the task at `source` so it lands at `destination`, counted
    /// in the list without it (0 = top, `count - 1` = bottom).
    public func moving(from source: Int, to destination: Int) -> [String]? {
        guard tasks.indices.contains(source), (0..<tasks.count).contains(destination) else { return nil }
        var ids = ids
        let moved = ids.remove(at: source)
        ids.insert(moved, at: destination)
        return ids
    }

    /// The id list after moving task `id` to position `position` (0-based).
    public func moving(id: String, to position: Int) -> [String]? {
        guard let source = tasks.firstIndex(where: { $0.id == id }) else { return nil }
        return moving(from: source, to: position)
    }

    /// SwiftUI's `onMove(fromOffsets:toOffset:)`: `offset` counts positions in the list
    /// before the move, so moving down lands one row above it.
    public func movingRows(_ sources: [Int], toOffset offset: Int) -> [String]? {
        guard sources.allSatisfy({ tasks.indices.contains($0) }), (0...tasks.count).contains(offset) else { return nil }
        let picked = Set(sources)
        let moved = sources.sorted().map { ids[$0] }
        let before = ids.enumerated().filter { $0.offset < offset && !picked.contains($0.offset) }.map(\.element)
        let after = ids.enumerated().filter { $0.offset >= offset && !picked.contains($0.offset) }.map(\.element)
        return before + moved + after
    }

    /// `tasks` rearranged to `ids` with `order_number` = index, as the server will answer;
    /// what an optimistic reorder shows.
    public static func applying(_ ids: [String], to tasks: [Rushday_V1_Task]) -> [Rushday_V1_Task] {
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.enumerated().compactMap { index, id in
            guard var task = byID[id] else { return nil }
            task.orderNumber = Int32(index)
            return task
        }
    }
}
