/// What an app tells the platform about its accounts so that operators can administer
/// them (`hearth admin`) and people can reset their password through a link. The
/// platform does the rest the same way for every app: disabled accounts, ended sessions,
/// reset links and their page, statistics.
///
/// An app returns one from ``HearthApp/administration(services:)``.
public protocol AccountAdministration: Sendable {
    /// Accounts whose email, name or user id contains `text` (ignoring case), or all of
    /// them when `text` is `nil`: the newest `limit` of them, and how many matched.
    func accounts(matching text: String?, limit: Int) async throws -> AccountListing

    /// The account an operator named by its email (any case) or its user id.
    func account(named reference: String) async throws -> AdministeredAccount?

    /// Throws a validation ``APIError`` saying what is wrong when `password` breaks the
    /// app's registration rules.
    func validateNewPassword(_ password: String) throws

    /// Stores the hash of the account's new password.
    func setPasswordHash(_ hash: String, of userID: String) async throws

    /// Ends the sessions the app keeps itself. The platform has already ended what it
    /// knows of (refresh tokens, access tokens issued so far); apps on the platform's
    /// token core need nothing more.
    func endSessions(of userID: String) async throws

    /// Deletes the account and all its data. Synced documents are deleted through the
    /// document store, so every device that holds them learns of it when it syncs.
    func deleteAccount(_ userID: String) async throws -> AccountDeletion
}

extension AccountAdministration {
    public func endSessions(of userID: String) async throws {}
}
