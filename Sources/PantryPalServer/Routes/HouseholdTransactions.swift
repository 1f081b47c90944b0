import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// How route handlers reach storage: a write runs in one transaction holding the
/// caller's household (re-read from the user row, never from the token).
struct HouseholdTransactions: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    func write<T: Sendable>(
        userID: String, orElse missing: APIError = PantryError.noHousehold, _ body: @Sendable (HouseholdWrite) async throws -> T
    ) async throws -> T {
        let now = clock.now
        return try await database.transaction { executor in
            try await body(try await HouseholdWrite.require(userID: userID, now: now, in: executor, orElse: missing))
        }
    }

    /// A write whose answer is decided inside its transaction, and stored there under the
    /// request's `Idempotency-Key` when it has one.
    func answer(
        userID: String, orElse missing: APIError = PantryError.noHousehold, _ body: @Sendable @escaping (HouseholdWrite) async throws -> PantryAnswer
    ) async throws -> Response {
        let claim = IdempotencyClaim.current
        let answer = try await write(userID: userID, orElse: missing) { write in
            let answer = try await body(write)
            try await claim?.record(answer, in: write.executor)
            return answer
        }
        return answer.response
    }

    /// Reads with the caller's household id (`nil` without one).
    func read<T: Sendable>(userID: String, _ body: @Sendable (String?, any SQLExecutor) async throws -> T) async throws -> T {
        try await database.read { executor in
            try await body(try await UserRecord.find(id: userID, in: executor)?.householdID, executor)
        }
    }
}

extension Request {
    func query(_ name: String) -> String? { uri.queryParameters.get(name) }
}
