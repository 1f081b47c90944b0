import HearthCore
import HearthStore

/// `rd_tasks`: every query parameterised, on both engines; callers run these inside one
/// transaction (or read).
enum TaskStore {
    static let order = " ORDER BY order_number, created_at, id"

    static func insert(_ task: TaskRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_tasks (id, event_id, name, notes, is_done, notification, order_number, created_at, updated_at, completed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(task.id), .text(task.eventID), .text(task.name), SQLValue(task.notes), SQLValue(task.isDone),
                SQLValue(task.notification), SQLValue(task.orderNumber), SQLValue(task.createdAt), SQLValue(task.updatedAt),
                SQLValue(task.completedAt),
            ])
    }

    /// Writes every column of `task` but its id, event and `created_at`.
    static func update(_ task: TaskRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            UPDATE rd_tasks SET name = ?, notes = ?, is_done = ?, notification = ?, order_number = ?, updated_at = ?, completed_at = ?
            WHERE id = ?
            """,
            [
                .text(task.name), SQLValue(task.notes), SQLValue(task.isDone), SQLValue(task.notification), SQLValue(task.orderNumber),
                SQLValue(task.updatedAt), SQLValue(task.completedAt), .text(task.id),
            ])
    }

    static func task(_ id: String, _ sql: any SQLExecutor) async throws -> TaskRecord? {
        try await sql.queryFirst("SELECT \(TaskRecord.columns) FROM rd_tasks WHERE id = ?", [.text(id)]).map(TaskRecord.init(row:))
    }

    /// Every task of `eventID`, in order (§2.8).
    static func tasks(of eventID: String, _ sql: any SQLExecutor) async throws -> [TaskRecord] {
        try await sql.query("SELECT \(TaskRecord.columns) FROM rd_tasks WHERE event_id = ?" + order, [.text(eventID)])
            .map(TaskRecord.init(row:))
    }

    static func page(of eventID: String, limit: Int, offset: Int, _ sql: any SQLExecutor) async throws -> (tasks: [TaskRecord], total: Int) {
        let count = try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_tasks WHERE event_id = ?", [.text(eventID)])
        let rows = try await sql.query(
            "SELECT \(TaskRecord.columns) FROM rd_tasks WHERE event_id = ?" + order + " LIMIT ? OFFSET ?",
            [.text(eventID), SQLValue(limit), SQLValue(offset)])
        return (try rows.map(TaskRecord.init(row:)), Int(try count?.int("n") ?? 0))
    }

    /// The event's task count and its highest `order_number` (`nil` when it has none).
    static func countAndMaxOrder(of eventID: String, _ sql: any SQLExecutor) async throws -> (count: Int, maxOrder: Int?) {
        let row = try await sql.queryFirst(
            "SELECT COUNT(*) AS n, MAX(order_number) AS m FROM rd_tasks WHERE event_id = ?", [.text(eventID)])
        return (Int(try row?.int("n") ?? 0), try row?.optionalInt("m").map { Int($0) })
    }

    static func delete(_ id: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_tasks WHERE id = ?", [.text(id)])
    }
}
