import Foundation
import HearthCore
import HearthStore

/// An operator's actions on one app's accounts: the app's ``AccountAdministration`` for
/// what only the app knows, the platform's stores for the rest (disabled accounts, ended
/// sessions, refresh tokens, reset links). `hearth admin` and the reset page both act
/// through it, so every path ends sessions the same way.
public struct AccountAdministrator: Sendable {
    public let appName: String
    public let displayName: String
    public let administration: any AccountAdministration
    public let services: AppServices
    public let resetLinks: PasswordResetTokens

    public init(app: any HearthApp, administration: any AccountAdministration, services: AppServices) {
        self.appName = app.name
        self.displayName = app.displayName
        self.administration = administration
        self.services = services
        self.resetLinks = PasswordResetTokens(database: services.database, clock: services.clock)
    }

    var states: AccountStates { services.accountStates }

    /// An account of the list, with whether it is disabled.
    public struct Listed: Sendable, Hashable {
        public let account: AdministeredAccount
        public let isDisabled: Bool
    }

    /// The newest `limit` accounts matching `text` (all when `nil`) and how many matched.
    public func list(matching text: String?, limit: Int) async throws -> (accounts: [Listed], total: Int) {
        let listing = try await administration.accounts(matching: text, limit: limit)
        let disabled = try await states.disabledUserIDs(app: appName)
        return (listing.accounts.map { Listed(account: $0, isDisabled: disabled.contains($0.userID)) }, listing.total)
    }

    /// The account named by email or user id, or an error saying there is none.
    public func find(_ reference: String) async throws -> AdministeredAccount {
        guard let account = try await administration.account(named: reference.trimmingCharacters(in: .whitespaces)) else {
            throw AdminFailure.noSuchAccount(reference, app: displayName)
        }
        return account
    }

    public func isDisabled(_ account: AdministeredAccount) async throws -> Bool {
        try await states.state(app: appName, userID: account.userID).isDisabled
    }

    /// Disables the account and ends its sessions at once; `false` when it already was.
    @discardableResult
    public func disable(_ account: AdministeredAccount) async throws -> Bool {
        let changed = try await states.disable(app: appName, userID: account.userID)
        try await services.refreshTokens.revokeAll(userID: account.userID, app: appName)
        try await administration.endSessions(of: account.userID)
        return changed
    }

    /// Lets the account sign in again; `false` when it was not disabled.
    @discardableResult
    public func enable(_ account: AdministeredAccount) async throws -> Bool {
        try await states.enable(app: appName, userID: account.userID)
    }

    /// Every session of the account ends: refresh tokens, access tokens issued so far and
    /// whatever sessions the app keeps itself.
    public func endSessions(of userID: String) async throws {
        try await states.endSessions(app: appName, userID: userID)
        try await services.refreshTokens.revokeAll(userID: userID, app: appName)
        try await administration.endSessions(of: userID)
    }

    /// Sets a new password (checked against the app's registration rules, hashed with
    /// the server's hasher), ends every session and voids outstanding reset links.
    public func setPassword(_ password: String, of userID: String) async throws {
        try administration.validateNewPassword(password)
        let hash = try await services.passwords.hash(password)
        try await administration.setPasswordHash(hash, of: userID)
        try await endSessions(of: userID)
        try await resetLinks.revokeAll(app: appName, userID: userID)
    }

    /// A one-time link to the reset page for the account, replacing earlier ones.
    public func createResetLink(for account: AdministeredAccount) async throws -> PasswordResetLink {
        let issued = try await resetLinks.create(app: appName, userID: account.userID)
        return PasswordResetLink(
            url: PasswordResetLink.url(configuration: services.configuration, app: appName, token: issued.token),
            expiresAt: issued.expiresAt)
    }

    /// What became of a password chosen on the reset page.
    public enum ResetOutcome: Sendable, Hashable {
        case changed
        /// The link is unknown, expired or used.
        case linkUnusable
    }

    /// Sets the password of a reset link's account and uses the link up. A password the
    /// app refuses throws its validation error and leaves the link usable.
    public func resetPassword(token: String, newPassword: String) async throws -> ResetOutcome {
        guard try await resetLinks.account(of: token, app: appName) != nil else { return .linkUnusable }
        try administration.validateNewPassword(newPassword)
        guard let userID = try await resetLinks.consume(token, app: appName) else { return .linkUnusable }
        try await setPassword(newPassword, of: userID)
        return .changed
    }

    /// Deletes the account and all its data, after ending its sessions; what the platform
    /// kept of it goes too, except the note that its sessions ended (so a token issued
    /// before stays refused until it expires).
    public func delete(_ account: AdministeredAccount) async throws -> AccountDeletion {
        try await endSessions(of: account.userID)
        var deletion = try await administration.deleteAccount(account.userID)
        try await resetLinks.revokeAll(app: appName, userID: account.userID)
        try await states.enable(app: appName, userID: account.userID)
        let sessions = try await services.database.transaction { executor in
            let rows = try await executor.query(
                "DELETE FROM hearth_refresh_tokens WHERE app = ? AND user_id = ? RETURNING token_hash",
                [.text(appName), .text(account.userID)])
            try await executor.execute(
                "DELETE FROM hearth_applied_mutations WHERE app = ? AND user_id = ?", [.text(appName), .text(account.userID)])
            return rows.count
        }
        if sessions > 0 { deletion.add("refresh tokens", sessions) }
        return deletion
    }
}
