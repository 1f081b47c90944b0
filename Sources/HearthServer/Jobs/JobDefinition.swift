import HearthCore

/// How a kind of background job runs: its handler, how often it may be tried, how long
/// one try may take, when a failed try is retried, and what happens when the last fails.
public struct JobDefinition: Sendable {
    public let kind: String
    public let maxAttempts: Int
    public let timeout: Duration
    public let run: @Sendable (JobContext) async throws -> Void
    /// Milliseconds to wait after failed attempt `n` (1-based); `nil`: the runner's
    /// jittered exponential backoff.
    public let retryDelay: (@Sendable (_ attempt: Int) -> Int64)?
    /// Runs once after the last attempt failed, with the error's description (e.g. to mark
    /// the record the job was for as failed). Its own errors are logged, not retried.
    public let onFinalFailure: (@Sendable (JobContext, String) async throws -> Void)?

    public init(
        kind: String, maxAttempts: Int = 5, timeout: Duration = .seconds(60),
        retryDelay: (@Sendable (_ attempt: Int) -> Int64)? = nil,
        onFinalFailure: (@Sendable (JobContext, String) async throws -> Void)? = nil,
        run: @escaping @Sendable (JobContext) async throws -> Void
    ) {
        self.kind = kind
        self.maxAttempts = max(1, maxAttempts)
        self.timeout = timeout
        self.retryDelay = retryDelay
        self.onFinalFailure = onFinalFailure
        self.run = run
    }
}

/// What a job handler is given.
public struct JobContext: Sendable {
    public let id: String
    public let app: String
    public let kind: String
    public let payload: JSONValue
    /// 1 on the first try.
    public let attempt: Int

    public init(id: String, app: String, kind: String, payload: JSONValue, attempt: Int) {
        self.id = id
        self.app = app
        self.kind = kind
        self.payload = payload
        self.attempt = attempt
    }
}
