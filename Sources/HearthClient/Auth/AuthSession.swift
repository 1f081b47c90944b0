import Foundation

/// Sends authenticated requests for one signed-in user.
///
/// Guarantees:
/// - every request carries the current access token;
/// - a 401 triggers **one** refresh, shared by every request that got a 401 meanwhile
///   (single flight), and each of them is retried once with the new token;
/// - a refresh the server refuses (400, 401, 403) clears the stored credentials and ends
///   in ``ClientError/signedOut``; any other failure keeps them;
/// - a refresh still in flight when the user signs in or out never stores its result.
public actor AuthSession {
    public let transport: any HTTPTransport
    let tokens: any TokenStore
    let refresher: any TokenRefresher
    private var refreshing: Task<Credentials, any Error>?
    /// Bumped by every sign-in and sign-out, so a refresh started before one is discarded.
    private var generation = 0
    private var signedOutHandlers: [@Sendable () -> Void] = []

    public init(transport: any HTTPTransport, tokens: any TokenStore, refresher: any TokenRefresher) {
        self.transport = transport
        self.tokens = tokens
        self.refresher = refresher
    }

    public var credentials: Credentials? { try? tokens.load() }

    public func signIn(_ credentials: Credentials) throws {
        endSession()
        try tokens.save(credentials)
    }

    public func signOut() throws {
        endSession()
        try tokens.clear()
    }

    private func endSession() {
        generation += 1
        refreshing?.cancel()
        refreshing = nil
    }

    /// Called (on any thread) when the session ends because the server refused a refresh.
    public func onSignedOut(_ handler: @escaping @Sendable () -> Void) {
        signedOutHandlers.append(handler)
    }

    /// Sends `request` with the bearer token; see the type's guarantees for 401 handling.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let used = try tokens.load() else { throw ClientError.signedOut }
        let response = try await transport.send(Self.authorized(request, with: used))
        guard response.status == 401 else { return response }
        let renewed = try await renewedCredentials(replacing: used)
        return try await transport.send(Self.authorized(request, with: renewed))
    }

    /// New credentials after `rejected` got a 401: the ones another request already obtained,
    /// or the result of the one refresh in flight, or a new refresh.
    func renewedCredentials(replacing rejected: Credentials) async throws -> Credentials {
        guard let current = try tokens.load() else { throw ClientError.signedOut }
        if current.accessToken != rejected.accessToken { return current }
        if let refreshing { return try await refreshing.value }
        let task = Task { try await refreshAndStore(rejected) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func refreshAndStore(_ rejected: Credentials) async throws -> Credentials {
        let started = generation
        do {
            let renewed = try await refresher.refresh(rejected, transport: transport)
            guard generation == started else { throw ClientError.signedOut }
            // Stored before use: the old refresh token is already spent on the server.
            try tokens.save(renewed)
            return renewed
        } catch ClientError.server(let status, _, _) where [400, 401, 403].contains(status) {
            guard generation == started else { throw ClientError.signedOut }
            try? tokens.clear()
            for handler in signedOutHandlers { handler() }
            throw ClientError.signedOut
        }
    }

    static func authorized(_ request: TransportRequest, with credentials: Credentials) -> TransportRequest {
        var request = request
        request.headers["Authorization"] = "Bearer \(credentials.accessToken)"
        return request
    }
}

extension AuthSession {
    /// Opens an authenticated stream (Server-Sent Events); a 401 refreshes once like ``send(_:)``.
    public func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        guard let used = try tokens.load() else { throw ClientError.signedOut }
        do {
            return try await transport.stream(Self.authorized(request, with: used))
        } catch ClientError.server(401, _, _) {
            let renewed = try await renewedCredentials(replacing: used)
            return try await transport.stream(Self.authorized(request, with: renewed))
        }
    }
}
