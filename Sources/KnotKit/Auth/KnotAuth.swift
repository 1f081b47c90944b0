import HearthClient
import HearthCore

/// The Supabase-style session of the Knot app: sign up, sign in with a password, refresh
/// (rotating; automatic before expiry and once on a 401, see ``KnotAPI``) and sign out.
/// Credentials live in the ``TokenStore`` the ``AuthSession`` was made with (the Keychain
/// on iOS, a 0600 file on Linux).
public struct KnotAuth: Sendable {
    let endpoint: GoTrueEndpoint
    public let session: AuthSession
    let clock: any WallClock

    init(endpoint: GoTrueEndpoint, session: AuthSession, clock: any WallClock) {
        self.endpoint = endpoint
        self.session = session
        self.clock = clock
    }

    /// Creates the account (`POST /auth/v1/signup`). When the server confirms accounts at
    /// once it answers a session and this client is signed in; otherwise it mailed a link.
    public func signUp(email: String, password: String) async throws -> SignUpOutcome {
        let body: JSONValue = ["email": .string(email), "password": .string(password)]
        let response = try await call(try endpoint.request(.post, "signup", body: body))
        let answer = try decodeJSON(response)
        if answer["access_token"] != nil {
            let session = try HearthAPI.decode(GoTrueSessionAnswer.self, from: response.body)
            try await keep(session)
            return .signedIn(session.user)
        }
        return .confirmationSent(try HearthAPI.decode(KnotUser.self, from: response.body))
    }

    /// Signs in with email and password (`POST /auth/v1/token?grant_type=password`).
    @discardableResult
    public func signIn(email: String, password: String) async throws -> KnotUser {
        let body: JSONValue = ["email": .string(email), "password": .string(password)]
        let response = try await call(try endpoint.request(.post, "token", query: ["grant_type": "password"], body: body))
        let session = try HearthAPI.decode(GoTrueSessionAnswer.self, from: response.body)
        try await keep(session)
        return session.user
    }

    /// Trades the refresh token for a new pair now (`grant_type=refresh_token`); the old
    /// refresh token stops working. A refusal signs out (``KnotError/signedOut``).
    @discardableResult
    public func refresh() async throws -> Credentials {
        do {
            return try await session.renew()
        } catch {
            throw KnotError.from(error)
        }
    }

    /// The account as the auth server has it (`GET /auth/v1/user`).
    public func user() async throws -> KnotUser {
        do {
            try await session.renewIfExpiring(before: clock.now.adding(seconds: KnotAPI.renewalMarginSeconds))
        } catch {
            throw KnotError.from(error)
        }
        guard let credentials = await session.credentials else { throw KnotError.signedOut }
        let response = try await call(try endpoint.request(.get, "user", bearer: credentials.accessToken))
        return try HearthAPI.decode(KnotUser.self, from: response.body)
    }

    /// Signs out (`POST /auth/v1/logout?scope=…`) and forgets the credentials. The server's
    /// refusal (an already ended session) or an unreachable server still signs out here.
    public func signOut(scope: SignOutScope = .global) async throws {
        if let credentials = await session.credentials {
            let request = try endpoint.request(.post, "logout", query: ["scope": scope.rawValue], bearer: credentials.accessToken)
            _ = try? await endpoint.transport.send(request)
        }
        if scope != .others { try await session.signOut() }
    }

    /// The signed-in account's id, from the stored credentials (no request).
    public var signedInUserID: String? {
        get async { await session.credentials?.userID }
    }

    private func keep(_ answer: GoTrueSessionAnswer) async throws {
        try await session.signIn(answer.credentials(now: clock.now))
    }

    private func call(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            return try await endpoint.send(request)
        } catch let error as ClientError {
            if case .server(let status, let code, let message) = error { throw KnotError.auth(status: status, code: code, message: message) }
            throw KnotError.from(error)
        }
    }

    private func decodeJSON(_ response: TransportResponse) throws -> JSONValue {
        do {
            return try JSONParser().parse(response.body)
        } catch {
            throw KnotError.invalidResponse(String(describing: error))
        }
    }
}
