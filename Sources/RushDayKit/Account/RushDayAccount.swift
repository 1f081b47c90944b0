import Foundation
import HearthClient
import HearthCore

/// The Rush Day account on a Hearth server (`HEARTH_RD_AUTH=hearth`): register, sign in,
/// renew and sign out through the HTTP routes `POST <http base>/api/v1/auth/…` (Wish With
/// Me's v2 JSON). The access token is what gRPC calls send as `authorization: Bearer …`;
/// tokens live in a ``TokenStore`` (a file on Linux, the keychain on Apple systems).
public struct RushDayAccount: Sendable {
    public let api: HearthAPI
    public let clock: any WallClock

    public init(httpBase: URL, transport: any HTTPTransport, tokens: any TokenStore, clock: any WallClock = SystemWallClock()) {
        let refresher = PasswordTokenRefresher(baseURL: httpBase, path: RushDayEndpoint.authPath, clock: clock)
        let session = AuthSession(transport: transport, tokens: tokens, refresher: refresher)
        api = HearthAPI(baseURL: httpBase, session: session)
        self.clock = clock
    }

    public var session: AuthSession { api.session }

    /// Creates the account and signs in. Refusals come out as ``RushDayError``; an
    /// unreachable server as HearthClient's ``ClientError/offline(_:)``.
    @discardableResult
    public func register(email: String, password: String, name: String) async throws -> AccountIdentity {
        try await signIn("register", body: ["email": email, "password": password, "name": name])
    }

    /// Signs in with email and password.
    @discardableResult
    public func login(email: String, password: String) async throws -> AccountIdentity {
        try await signIn("login", body: ["email": email, "password": password])
    }

    /// Revokes the refresh token on the server (best effort: an unreachable server does not
    /// keep you signed in here) and forgets the credentials.
    public func logout() async throws {
        if let credentials = await session.credentials {
            _ = try? await api.send(
                .post, "\(RushDayEndpoint.authPath)/logout", body: ["refresh_token": credentials.refreshToken], authentication: .none)
        }
        try await session.signOut()
    }

    /// The signed-in user's id, when there is a session.
    public func signedInUserID() async -> String? { await session.credentials?.userID }

    /// A current access token: renewed ahead of time when it expires within a minute.
    public func accessToken() async throws -> String {
        do {
            try await session.renewIfExpiring(before: clock.now.adding(seconds: 60))
        } catch let error as ClientError where error.isTransient {
            // The token may still work; the call will tell.
        }
        guard let credentials = await session.credentials else { throw RushDayError.signedOut }
        return credentials.accessToken
    }

    /// A new access token after `rejected` was refused with `UNAUTHENTICATED`: the one a
    /// concurrent call already obtained, or a fresh one from the refresh route.
    public func renewedAccessToken(replacing rejected: String) async throws -> String {
        guard let current = await session.credentials else { throw RushDayError.signedOut }
        if current.accessToken != rejected { return current.accessToken }
        return try await session.renew().accessToken
    }

    private func signIn(_ route: String, body: [String: String]) async throws -> AccountIdentity {
        let answer: SignInAnswer
        do {
            answer = try await api.json(SignInAnswer.self, .post, "\(RushDayEndpoint.authPath)/\(route)", body: body, authentication: .none)
        } catch let error as ClientError where !error.isTransient {
            throw RushDayError(error)
        }
        try await session.signIn(
            Credentials(
                userID: answer.user.id, accessToken: answer.accessToken, refreshToken: answer.refreshToken,
                accessExpiresAt: clock.now.adding(seconds: Int64(answer.expiresIn))))
        return answer.user
    }
}

/// The answer of register and login.
struct SignInAnswer: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var user: AccountIdentity

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in", user
    }
}
