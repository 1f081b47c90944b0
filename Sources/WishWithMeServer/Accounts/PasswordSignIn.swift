import HearthCore
import HearthServer
import HearthStore

/// Registering and signing in with an email and password, the same for the JSON API and
/// the web pages: throttled per account, a dummy verification when there is no hash (an
/// unknown email answers as slowly as a wrong password), and an imported plain bcrypt
/// hash upgraded at the first successful sign-in.
struct PasswordSignIn: Sendable {
    let services: AppServices
    let accounts: AccountStore

    static let invalidCredentials = APIError(.unauthorized, code: .unauthorized, message: "Invalid email or password")

    /// The new user's document; 409 when the email is taken.
    func register(_ input: RegisterRequest) async throws -> StoredDocument {
        try await services.authThrottle.checkAccount(input.email)
        let hash = try await services.passwords.hash(input.password)
        guard let user = try await accounts.create(.init(email: input.email, passwordHash: hash, name: input.name, locale: input.locale))
        else { throw APIError(.conflict, code: .conflict, message: "Email already registered") }
        return user
    }

    /// The user's document and stored email; 401 for a wrong email or password.
    func logIn(_ input: LoginRequest) async throws -> (user: StoredDocument, email: String) {
        try await services.authThrottle.checkAccount(input.email)
        guard let account = try await accounts.account(email: input.email), let hash = account.passwordHash else {
            try await services.passwords.verifyNothing(input.password)
            throw Self.invalidCredentials
        }
        guard try await services.passwords.verify(input.password, against: hash) else { throw Self.invalidCredentials }
        if services.passwords.needsRehash(hash) {
            try await accounts.updatePasswordHash(try await services.passwords.hash(input.password), userID: account.userID)
        }
        guard let user = try await accounts.profile(of: account.userID) else { throw Self.invalidCredentials }
        return (user, account.email)
    }
}
