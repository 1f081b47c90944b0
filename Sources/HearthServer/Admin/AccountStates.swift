import HearthCore
import HearthStore
import HTTPTypes

/// What operators decided about accounts, per app (`hearth_account_states`): whether an
/// account is disabled, and the moment its sessions ended, before which none of its
/// access tokens counts any more. Read on every authenticated request, so a decision
/// made by any process (or `hearth admin`) holds at once on every process.
public struct AccountStates: Sendable {
    /// One account's state; the empty state (enabled, sessions never ended) when no
    /// operator ever touched it.
    public struct State: Sendable, Hashable {
        public var disabledAt: Timestamp?
        public var sessionsEndedAt: Timestamp?

        public init(disabledAt: Timestamp? = nil, sessionsEndedAt: Timestamp? = nil) {
            self.disabledAt = disabledAt
            self.sessionsEndedAt = sessionsEndedAt
        }

        public var isDisabled: Bool { disabledAt != nil }

        /// Whether a token issued at `issuedAt` belongs to a session that was ended. A
        /// token of the very millisecond of the end counts as ended.
        public func hasEnded(sessionStartedAt issuedAt: Timestamp) -> Bool {
            guard let sessionsEndedAt else { return false }
            return issuedAt <= sessionsEndedAt
        }
    }

    public let database: any HearthDatabase
    public let clock: any WallClock

    public init(database: any HearthDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func state(app: String, userID: String) async throws -> State {
        try await database.read { executor in try await state(app: app, userID: userID, in: executor) }
    }

    /// The state as `executor`'s transaction sees it.
    public func state(app: String, userID: String, in executor: any SQLExecutor) async throws -> State {
        guard let row = try await executor.queryFirst(
            "SELECT disabled_at, sessions_ended_at FROM hearth_account_states WHERE app = ? AND user_id = ?",
            [.text(app), .text(userID)])
        else { return State() }
        return State(disabledAt: try row.optionalTimestamp("disabled_at"), sessionsEndedAt: try row.optionalTimestamp("sessions_ended_at"))
    }

    /// Throws the app's "account disabled" error when `userID` is disabled.
    public func requireEnabled(app: String, userID: String, status: HTTPResponse.Status, in executor: any SQLExecutor) async throws {
        if try await state(app: app, userID: userID, in: executor).isDisabled { throw APIError.accountDisabled(status: status) }
    }

    /// Disables the account and ends its sessions; `false` when it already was disabled.
    @discardableResult
    public func disable(app: String, userID: String) async throws -> Bool {
        let now = clock.now
        return try await database.transaction { executor in
            let wasDisabled = try await state(app: app, userID: userID, in: executor).isDisabled
            try await executor.execute(
                """
                INSERT INTO hearth_account_states (app, user_id, disabled_at, sessions_ended_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (app, user_id) DO UPDATE SET
                    disabled_at = COALESCE(hearth_account_states.disabled_at, excluded.disabled_at),
                    sessions_ended_at = excluded.sessions_ended_at
                """, [.text(app), .text(userID), SQLValue(now), SQLValue(now)])
            return !wasDisabled
        }
    }

    /// Lets the account sign in again (its ended sessions stay ended); `false` when it
    /// was not disabled.
    @discardableResult
    public func enable(app: String, userID: String) async throws -> Bool {
        try await database.transaction { executor in
            let rows = try await executor.query(
                """
                UPDATE hearth_account_states SET disabled_at = NULL
                WHERE app = ? AND user_id = ? AND disabled_at IS NOT NULL RETURNING user_id
                """, [.text(app), .text(userID)])
            return !rows.isEmpty
        }
    }

    /// Every access token of the account issued until now stops working.
    public func endSessions(app: String, userID: String) async throws {
        let now = clock.now
        try await database.transaction { executor in
            try await executor.execute(
                """
                INSERT INTO hearth_account_states (app, user_id, disabled_at, sessions_ended_at) VALUES (?, ?, NULL, ?)
                ON CONFLICT (app, user_id) DO UPDATE SET sessions_ended_at = excluded.sessions_ended_at
                """, [.text(app), .text(userID), SQLValue(now)])
        }
    }

    /// Every disabled account of `app`.
    public func disabledUserIDs(app: String) async throws -> Set<String> {
        try await database.read { executor in
            let rows = try await executor.query(
                "SELECT user_id FROM hearth_account_states WHERE app = ? AND disabled_at IS NOT NULL", [.text(app)])
            return Set(try rows.map { try $0.string("user_id") })
        }
    }
}
