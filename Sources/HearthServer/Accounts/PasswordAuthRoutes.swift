import HearthCore
import Hummingbird

/// Email-and-password sign-in on the platform's token core, for apps whose users are just
/// an account: `register` (201), `login`, `refresh`, `logout` (204) and `me` under the
/// group it is registered on. Answers `{"access_token","refresh_token","token_type":"bearer",
/// "expires_in","user":{"id","email","name"}}`, Wish With Me's v2 shape. Refresh tokens
/// rotate, and presenting a used one revokes its whole family.
public struct PasswordAuthRoutes: Sendable {
    public let services: AppServices
    public let accounts: PasswordAccountStore

    public init(services: AppServices) {
        self.services = services
        self.accounts = PasswordAccountStore(app: services.appName, database: services.database, clock: services.clock)
    }

    public func register(on auth: RouterGroup<HearthRequestContext>) {
        let throttled = auth.group().add(middleware: services.authThrottle.addressMiddleware)
        throttled.post("register") { request, context in try await register(request, context) }
        throttled.post("login") { request, context in try await login(request, context) }
        throttled.post("refresh") { request, context in try await refresh(request, context) }
        auth.post("logout") { request, context in try await logout(request, context) }
        auth.group("me").add(middleware: services.requireAccessToken).get { _, context in try await me(context) }
    }

    func register(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try RegistrationBody(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        try await services.authThrottle.checkAccount(input.email)
        let hash = try await services.passwords.hash(input.password)
        guard let account = try await accounts.create(email: input.email, passwordHash: hash, name: input.name) else {
            throw APIError(.conflict, code: .conflict, message: "An account with this email already exists; sign in instead")
        }
        return try await signedIn(account, status: .created)
    }

    func login(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try SignInBody(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        try await services.authThrottle.checkAccount(input.email)
        let invalid = APIError(.unauthorized, code: .unauthorized, message: "Invalid email or password")
        guard let account = try await accounts.account(email: input.email) else {
            try await services.passwords.verifyNothing(input.password)
            throw invalid
        }
        guard try await services.passwords.verify(input.password, against: account.passwordHash) else { throw invalid }
        if services.passwords.needsRehash(account.passwordHash) {
            try await accounts.updatePasswordHash(try await services.passwords.hash(input.password), userID: account.userID)
        }
        return try await signedIn(account, status: .ok)
    }

    func refresh(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try RefreshTokenBody(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        try await services.authThrottle.checkAccount("refresh|" + input.refreshToken)
        let rotation: RefreshTokens.Rotation
        do {
            rotation = try await services.refreshTokens.rotate(input.refreshToken, app: services.appName)
        } catch is RefreshTokens.Failure {
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid or expired refresh token; sign in again")
        }
        guard let account = try await accounts.account(userID: rotation.userID) else {
            throw APIError(.unauthorized, code: .unauthorized, message: "The account no longer exists")
        }
        let access = try await services.accessTokens.issue(userID: rotation.userID, audience: services.appName)
        return Response.json(
            TokenPairResponse(
                accessToken: access, refreshToken: rotation.token, expiresIn: services.accessTokens.lifetimeSeconds,
                user: account.userJSON
            ).json)
    }

    /// 204 whether or not the token was known: the refresh token is the credential, and its
    /// whole family is revoked, so a successor minted just before is revoked too.
    func logout(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try RefreshTokenBody(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        try await services.refreshTokens.revokeFamily(of: input.refreshToken, app: services.appName)
        return Response(status: .noContent)
    }

    func me(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let account = try await accounts.account(userID: userID) else {
            throw APIError(.unauthorized, code: .unauthorized, message: "The account no longer exists")
        }
        return Response.json(account.userJSON)
    }

    private func signedIn(_ account: PasswordAccount, status: HTTPResponse.Status) async throws -> Response {
        let access = try await services.accessTokens.issue(userID: account.userID, audience: services.appName)
        let refresh = try await services.refreshTokens.issue(userID: account.userID, app: services.appName)
        let response = TokenPairResponse(
            accessToken: access, refreshToken: refresh, expiresIn: services.accessTokens.lifetimeSeconds, user: account.userJSON)
        return Response.json(response.json, status: status)
    }
}
