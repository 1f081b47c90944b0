import Foundation
import HearthClient
import HearthCore

/// Registration, sign-in and sign-out (spec §2). Signing in as a different user than the
/// one whose data this device holds starts from an empty store.
public struct AccountService: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    @discardableResult
    public func register(email: String, password: String, name: String, locale: String? = nil) async throws -> AccountUser {
        let response = try await context.api.json(
            AuthResponse.self, .post, "/api/v2/auth/register",
            body: RegisterRequest(email: email, password: password, name: name, locale: locale), authentication: .none)
        try await signIn(response)
        return response.user
    }

    @discardableResult
    public func login(email: String, password: String) async throws -> AccountUser {
        let response = try await context.api.json(
            AuthResponse.self, .post, "/api/v2/auth/login", body: LoginRequest(email: email, password: password),
            authentication: .none)
        try await signIn(response)
        return response.user
    }

    /// The signed-in user as the server has it (`GET /api/v2/auth/me`).
    public func me() async throws -> AccountUser {
        try await context.api.json(AccountUser.self, .get, "/api/v2/auth/me")
    }

    public var signedInUserID: String? {
        get async { await context.session.credentials?.userID }
    }

    /// Signs out: revokes the refresh token on the server (best effort), forgets the
    /// credentials and erases this device's copy of the account's data. Refuses while local
    /// changes have not reached the server, unless `discardingUnsyncedChanges`.
    public func logout(discardingUnsyncedChanges: Bool = false) async throws {
        let pending = try context.store.pendingCount()
        if pending > 0 && !discardingUnsyncedChanges { throw WishWithMeError.unsyncedChanges(pending) }
        // No sync may write the old account's documents back after the erase.
        await context.sync.stop()
        if let credentials = await context.session.credentials {
            _ = try? await context.api.send(.post, "/api/v2/auth/logout", body: LogoutRequest(refreshToken: credentials.refreshToken))
        }
        try await context.session.signOut()
        try context.store.erase()
    }

    private func signIn(_ response: AuthResponse) async throws {
        if try context.store.state(.accountUserID) != response.user.id {
            await context.sync.stop()
            try context.store.erase()
        }
        try context.store.setState(.accountUserID, response.user.id)
        try await context.session.signIn(
            Credentials(
                userID: response.user.id, accessToken: response.accessToken, refreshToken: response.refreshToken,
                accessExpiresAt: context.clock.now.adding(seconds: Int64(response.expiresIn))))
    }
}

extension SyncStateKey {
    /// Whose data the local store holds.
    static let accountUserID = SyncStateKey(rawValue: "wishwithme.account_user_id")
}
