import Foundation
import HearthCore

/// The client side of the platform's email-and-password accounts (the server's
/// `PasswordAuthRoutes`): register, sign in, who am I, sign out, and the token refresher.
/// Apps mount the routes at their own path (`api/v1/auth` for ListAll).
///
/// Signing in as another user than the one whose data the device holds starts from an
/// empty local store; signing out refuses while local edits have not reached the server.
public struct PasswordAccountClient: Sendable {
    public let api: HearthAPI
    public let store: LocalStore
    public let sync: SyncEngine
    public let clock: any WallClock
    /// Where the auth routes are, relative to the API base URL.
    public let path: String

    public init(api: HearthAPI, store: LocalStore, sync: SyncEngine, clock: any WallClock, path: String) {
        self.api = api
        self.store = store
        self.sync = sync
        self.clock = clock
        self.path = path
    }

    /// Creates the account and signs in.
    @discardableResult
    public func register(email: String, password: String, name: String) async throws -> AccountIdentity {
        try await signIn(
            try await api.json(
                PasswordSignInAnswer.self, .post, "\(path)/register",
                body: ["email": email, "password": password, "name": name], authentication: .none))
    }

    @discardableResult
    public func login(email: String, password: String) async throws -> AccountIdentity {
        try await signIn(
            try await api.json(
                PasswordSignInAnswer.self, .post, "\(path)/login", body: ["email": email, "password": password],
                authentication: .none))
    }

    /// The signed-in account as the server has it.
    public func me() async throws -> AccountIdentity {
        try await api.json(AccountIdentity.self, .get, "\(path)/me")
    }

    /// The account whose data this device holds, as last signed in.
    public func signedInAccount() throws -> AccountIdentity? {
        guard let text = try store.state(.signedInAccount) else { return nil }
        return try? JSONValueDecoder().decode(AccountIdentity.self, from: Array(text.utf8))
    }

    /// Signs out: revokes the refresh token (best effort), forgets the credentials and
    /// erases this device's copy of the data. Refuses while `pendingCount` local edits wait,
    /// unless `discardingUnsyncedChanges`.
    public func logout(discardingUnsyncedChanges: Bool = false) async throws {
        let pending = try store.pendingCount()
        if pending > 0 && !discardingUnsyncedChanges { throw AccountError.unsyncedChanges(pending) }
        await sync.stop()
        if let credentials = await api.session.credentials {
            _ = try? await api.send(.post, "\(path)/logout", body: ["refresh_token": credentials.refreshToken], authentication: .none)
        }
        try await api.session.signOut()
        try store.erase()
    }

    private func signIn(_ answer: PasswordSignInAnswer) async throws -> AccountIdentity {
        if try signedInAccount()?.id != answer.user.id {
            await sync.stop()
            try store.erase()
        }
        try store.setState(.signedInAccount, String(decoding: try JSONValueEncoder().encodeToBytes(answer.user), as: UTF8.self))
        try await api.session.signIn(
            Credentials(
                userID: answer.user.id, accessToken: answer.accessToken, refreshToken: answer.refreshToken,
                accessExpiresAt: clock.now.adding(seconds: Int64(answer.expiresIn))))
        return answer.user
    }
}

/// Renews credentials at `<path>/refresh`; the refresh token rotates, so the new pair
/// replaces the old one at once.
public struct PasswordTokenRefresher: TokenRefresher {
    public let baseURL: URL
    public let path: String
    public let clock: any WallClock

    public init(baseURL: URL, path: String, clock: any WallClock) {
        self.baseURL = baseURL
        self.path = path
        self.clock = clock
    }

    public func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials {
        let request = try HearthAPI.request(baseURL: baseURL, .post, "\(path)/refresh", body: ["refresh_token": credentials.refreshToken])
        let response = try await transport.send(request)
        guard response.isSuccess else { throw ClientError.from(response) }
        let answer = try HearthAPI.decode(PasswordSignInAnswer.self, from: response.body)
        return Credentials(
            userID: credentials.userID, accessToken: answer.accessToken, refreshToken: answer.refreshToken,
            accessExpiresAt: clock.now.adding(seconds: Int64(answer.expiresIn)))
    }
}

/// `{"id","email","name"}`: who an account is.
public struct AccountIdentity: Codable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var name: String

    public init(id: String, email: String, name: String) {
        self.id = id
        self.email = email
        self.name = name
    }
}

/// The answer of register, login and refresh.
struct PasswordSignInAnswer: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var user: AccountIdentity

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in", user
    }
}

public enum AccountError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsyncedChanges(Int)

    public var description: String {
        switch self {
        case .unsyncedChanges(let count):
            "\(count) change(s) have not reached the server yet. Sync while online, or sign out with --discard to drop them."
        }
    }
}

extension SyncStateKey {
    /// The account whose data the local store holds, as JSON.
    static let signedInAccount = SyncStateKey(rawValue: "account.identity")
}
