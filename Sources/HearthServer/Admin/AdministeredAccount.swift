import HearthCore

/// One account as an operator sees it.
public struct AdministeredAccount: Sendable, Hashable {
    public let userID: String
    public let email: String
    /// The person's name, for apps that keep one.
    public let name: String?
    public let createdAt: Timestamp?

    public init(userID: String, email: String, name: String?, createdAt: Timestamp?) {
        self.userID = userID
        self.email = email
        self.name = name
        self.createdAt = createdAt
    }
}

/// Some of an app's accounts, and how many matched in all.
public struct AccountListing: Sendable, Hashable {
    public let accounts: [AdministeredAccount]
    public let total: Int

    public init(accounts: [AdministeredAccount], total: Int) {
        self.accounts = accounts
        self.total = total
    }
}
