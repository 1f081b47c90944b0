import Synchronization

/// Group commit for SQLite's single writer connection.
///
/// Write transactions queue here in arrival order. A coordinator takes what is queued (at
/// most ``maximumGroupSize``), opens one `BEGIN IMMEDIATE`, lets each member run its body
/// in turn — in the member's own task, so its task-local values and priority stay its
/// own — inside a savepoint, then commits once and only then answers the members. So:
///
/// - concurrent requests share one commit (one WAL fsync) instead of queueing one each;
///   a lone transaction commits on its own, without waiting for company;
/// - a body that throws rolls back its own savepoint only; its caller gets the error at
///   once and the others in the group are unaffected;
/// - nobody is told "committed" before the group's COMMIT has returned: an acknowledged
///   write is as durable as `synchronous = FULL` makes a commit; if the COMMIT fails,
///   every member gets that error and nothing of the group persists.
///
/// Transaction control (BEGIN, savepoints, COMMIT, ROLLBACK) runs in the coordinator's
/// own task, which is never cancelled, so a caller that goes away cannot leave the writer
/// connection inside an open transaction.
final class SQLiteGroupCommit: Sendable {
    /// How many transactions may share one commit.
    static let maximumGroupSize = 64

    /// One transaction's pass through a group.
    private final class Member: Sendable {
        /// Its turn on the writer came: whether it runs inside a savepoint, or why it cannot run.
        let turn = OneShot<Result<Bool, any Error>>()
        /// Its body finished: whether it succeeded.
        let finished = OneShot<Bool>()
        /// The group's commit returned.
        let committed = OneShot<Result<Void, any Error>>()
    }

    private struct Queue {
        var members: [Member] = []
        var isDraining = false
    }

    private let queue = Mutex(Queue())
    private let writer: SQLiteExecutor

    init(writer: SQLiteExecutor) {
        self.writer = writer
    }

    func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        let member = Member()
        enqueue(member)
        _ = try await member.turn.value.get()
        let value: T
        do {
            value = try await body(writer)
        } catch {
            member.finished.deliver(false)
            throw error
        }
        member.finished.deliver(true)
        try await member.committed.value.get()
        return value
    }

    private func enqueue(_ member: Member) {
        let startsCoordinator = queue.withLock { queue in
            queue.members.append(member)
            if queue.isDraining { return false }
            queue.isDraining = true
            return true
        }
        if startsCoordinator { Task { await self.drain() } }
    }

    private func drain() async {
        while let group = nextGroup() {
            await commit(group)
        }
    }

    /// The next members to share a commit; `nil` when none wait (the coordinator stops).
    private func nextGroup() -> [Member]? {
        queue.withLock { queue in
            guard !queue.members.isEmpty else {
                queue.isDraining = false
                return nil
            }
            let count = min(Self.maximumGroupSize, queue.members.count)
            defer { queue.members.removeFirst(count) }
            return Array(queue.members.prefix(count))
        }
    }

    private func commit(_ group: [Member]) async {
        do {
            // Off the cooperative pool: with another process holding the lock it may wait
            // out the busy timeout.
            try await writer.executeOffThread("BEGIN IMMEDIATE")
        } catch {
            for member in group { member.turn.deliver(.failure(error)) }
            return
        }
        let grouped = group.count > 1
        var succeeded: [Member] = []
        for (index, member) in group.enumerated() {
            do {
                if grouped { try await writer.execute("SAVEPOINT hearth_group") }
                member.turn.deliver(.success(grouped))
                let ok = await member.finished.value
                if ok {
                    if grouped { try await writer.execute("RELEASE SAVEPOINT hearth_group") }
                    succeeded.append(member)
                } else if grouped {
                    try await writer.execute("ROLLBACK TO SAVEPOINT hearth_group")
                    try await writer.execute("RELEASE SAVEPOINT hearth_group")
                }
            } catch {
                // SQLite ended the whole transaction (a full disk, an I/O error): nobody's
                // work survives, and those still waiting are told so.
                try? await writer.execute("ROLLBACK")
                for member in succeeded { member.committed.deliver(.failure(error)) }
                for member in group[index...] {
                    member.turn.deliver(.failure(error))
                    member.committed.deliver(.failure(error))
                }
                return
            }
        }
        guard !succeeded.isEmpty else {
            try? await writer.execute("ROLLBACK")
            return
        }
        do {
            try await writer.executeOffThread("COMMIT")
            for member in succeeded { member.committed.deliver(.success(())) }
        } catch {
            try? await writer.execute("ROLLBACK")
            for member in succeeded { member.committed.deliver(.failure(error)) }
        }
    }
}
