import HearthCore
import HearthServer
import HearthStore

/// ListAll's accounts for operators: the platform's email-and-password accounts and
/// token core, and documents that belong to their owner alone.
struct ListAllAdministration: AccountAdministration {
    let accounts: PasswordAccountStore
    let documents: DocumentStore

    init(services: AppServices) {
        accounts = PasswordAccountStore(app: services.appName, database: services.database, clock: services.clock)
        documents = services.documents
    }

    func accounts(matching text: String?, limit: Int) async throws -> AccountListing {
        let found = try await accounts.accounts(matching: text, limit: limit)
        return AccountListing(accounts: found.accounts.map(Self.administered), total: found.total)
    }

    func account(named reference: String) async throws -> AdministeredAccount? {
        let account = try await accounts.account(userID: reference)
        if let account { return Self.administered(account) }
        return try await accounts.account(email: reference).map(Self.administered)
    }

    func validateNewPassword(_ password: String) throws {
        try RegistrationBody.checkPassword(password)
    }

    func setPasswordHash(_ hash: String, of userID: String) async throws {
        try await accounts.updatePasswordHash(hash, userID: userID)
    }

    /// Every document of the account becomes a tombstone (images, items, lists, then
    /// preferences), so its other devices drop them when they sync; then the account goes.
    func deleteAccount(_ userID: String) async throws -> AccountDeletion {
        try await documents.write { writer in
            var deletion = AccountDeletion()
            let family = ListAllFamily(writer: writer)
            for collection in [ListAllCollection.images, .items, .lists, .preferences] {
                let owned = try await documents.documents(
                    in: collection.rawValue, readableBy: userID, includingDeleted: false, executor: writer.executor)
                for document in owned {
                    try await writer.save(
                        DocumentWrite(
                            id: document.id, collection: document.collection, data: document.data, deleted: true,
                            access: Set(document.access), clientUpdatedAt: writer.store.clock.now, author: userID),
                        replacing: try await writer.fetch(document.id))
                    try await family.forget(document.id)
                }
                deletion.add(collection.rawValue, owned.count)
            }
            deletion.add("account", try await accounts.delete(userID: userID, in: writer.executor) ? 1 : 0)
            return deletion
        }
    }

    private static func administered(_ account: PasswordAccount) -> AdministeredAccount {
        AdministeredAccount(userID: account.userID, email: account.email, name: account.name, createdAt: account.createdAt)
    }
}
