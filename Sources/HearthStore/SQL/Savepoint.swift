extension SQLExecutor {
    /// Runs `body` inside a savepoint of the current transaction: when `body` throws, what
    /// it wrote is rolled back and the error rethrown, and the transaction goes on with
    /// everything written before it. This is how one bad step of a batch (a rejected
    /// mutation, a failed constraint) leaves the rest of the batch applied.
    ///
    /// Savepoints nest.
    public func withSavepoint<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let name = "hearth_step"
        try await execute("SAVEPOINT \(name)")
        let value: T
        do {
            value = try await body()
        } catch {
            // On PostgreSQL a failed statement leaves the transaction unusable until this
            // rollback; if the rollback itself fails the whole transaction is lost and that
            // error is the one the caller must see.
            try await execute("ROLLBACK TO SAVEPOINT \(name)")
            try await execute("RELEASE SAVEPOINT \(name)")
            throw error
        }
        try await execute("RELEASE SAVEPOINT \(name)")
        return value
    }
}
