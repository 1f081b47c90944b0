import HearthServer
import HearthStore

/// Removing a Knot account, the one way every path does it (the app's `DELETE
/// /api/v1/users/me`, `hearth admin delete-user`): the `knot_auth_users` row goes, and with
/// it everything of the user (§3.5 cascades); their queued jobs are cancelled.
struct AccountRemoval: Sendable {
    let jobs: JobQueue

    /// - Returns: whether the account existed, and how many queued jobs were cancelled.
    func remove(userID: String, on sql: any SQLExecutor) async throws -> (removed: Bool, cancelledJobs: Int) {
        let removed = try await AuthUserStore().delete(userID, in: sql)
        return (removed, try await jobs.cancelQueued(owner: userID, in: sql))
    }
}
