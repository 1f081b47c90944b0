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

    /// Creates the account and signs in. Refuses while this device holds another account's
    /// unsynced edits, unless `discardingUnsyncedChanges`.
    @discardableResult
    public func register(email: String, password: String, name: String, discardingUnsyncedChanges: Bool = false) async throws
        -> AccountIdentity
    {
        try checkSwitch(to: email, discarding: discardingUnsyncedChanges)
        return try await signIn(
            try await api.json(
                PasswordSignInAnswer.self, .post, "\(path)/register",
                body: ["email": email, "password": password, "name": name], authentication: .none))
    }

    /// Signs in. Refuses while this device holds another account's unsynced edits, unless
    /// `discardingUnsyncedChanges`.
    @discardableResult
    public func login(email: String, password: String, discardingUnsyncedChanges: Bool = false) async throws -> AccountIdentity {
        try checkSwitch(to: email, discarding: discardingUnsyncedChanges)
        return try await signIn(
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

    /// Signing in as someone else erases this device's data: not while edits wait.
    private func checkSwitch(to email: String, discarding: Bool) throws {
        guard !discarding, let current = try signedInAccount(), current.email != email.lowercased() else { return }
        let pending = try store.pendingCount()
        if pending > 0 { throw AccountError.unsyncedChanges(pending) }
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

extension SyncStateKey {
    /// The account whose data the local store holds, as JSON.
    static let signedInAccount = SyncStateKey(rawValue: "account.identity")
}
