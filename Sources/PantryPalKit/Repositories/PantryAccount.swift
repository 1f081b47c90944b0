import Foundation
import HearthClient
import HearthCore

/// Registration, sign-in, sign-out and the signed-in user (spec §2.1 with Hearth's
/// refreshable tokens). Signing in as another user than the one whose data this device
/// holds starts from an empty store.
public struct PantryAccount: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// Creates the account and signs in. `name` is split into first and last name by the
    /// server when the parts are not given.
    @discardableResult
    public func register(email: String, password: String, name: String? = nil) async throws -> PantryUser {
        var body: JSONValue = ["email": .string(email), "password": .string(password), "refreshable": true]
        body["name"] = name.map(JSONValue.string)
        let answer = try AuthAnswer(try await context.api.json(.post, "auth/register", body: body, authenticated: false))
        try await signIn(answer)
        return answer.user
    }

    @discardableResult
    public func login(email: String, password: String) async throws -> PantryUser {
        let body: JSONValue = ["email": .string(email), "password": .string(password), "refreshable": true]
        let answer = try AuthAnswer(try await context.api.json(.post, "auth/login", body: body, authenticated: false))
        try await signIn(answer)
        return answer.user
    }

    /// The user and household as the server has them (`GET auth/me`); the household is
    /// remembered for offline use.
    public func me() async throws -> (user: PantryUser, household: Household?) {
        let answer = try MeAnswer(try await context.api.json(.get, "auth/me"))
        try await context.sync.adopt(answer.household)
        return (answer.user, answer.household)
    }

    public var signedInUserID: String? {
        get async { await context.api.session.credentials?.userID }
    }

    /// Signs out: ends the session on the server (best effort), forgets the credentials and
    /// erases this device's data. Refuses while queued changes have not reached the server,
    /// unless `discardingUnsyncedChanges`.
    public func logout(discardingUnsyncedChanges: Bool = false) async throws {
        let pending = try context.store.pendingCount()
        if pending > 0 && !discardingUnsyncedChanges { throw PantryPalError.unsyncedChanges(pending) }
        if let credentials = await context.api.session.credentials {
            _ = try? await context.api.json(.post, "auth/logout", body: ["refreshToken": .string(credentials.refreshToken)])
        }
        try await context.api.session.signOut()
        try context.store.erase()
    }

    private func signIn(_ answer: AuthAnswer) async throws {
        if try context.store.state(.accountUserID) != answer.user.id {
            try context.store.erase()
        }
        try context.store.setState(.accountUserID, answer.user.id)
        try await context.api.session.signIn(
            Credentials(
                userID: answer.user.id, accessToken: answer.token, refreshToken: answer.refreshToken,
                accessExpiresAt: context.clock.now.adding(seconds: Int64(answer.expiresIn))))
    }
}
