import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `/api/v2/auth/*` (spec §2) on the platform's token core: short-lived access tokens,
/// rotating refresh tokens with reuse detection, throttled per address and account.
struct AuthRoutes: Sendable {
    let services: AppServices
    let accounts: AccountStore

    var signIn: PasswordSignIn { PasswordSignIn(services: services, accounts: accounts) }

    func register(on api: RouterGroup<HearthRequestContext>) {
        let auth = api.group("api/v2/auth")
        let throttled = auth.group().add(middleware: services.authThrottle.addressMiddleware)
        throttled.post("register") { request, context in try await register(request, context) }
        throttled.post("login") { request, context in try await login(request, context) }
        throttled.post("refresh") { request, context in try await refresh(request, context) }
        auth.post("logout") { request, context in try await logout(request, context) }
        auth.group("me").add(middleware: services.requireAccessToken).add(middleware: ExistingUserMiddleware(accounts: accounts))
            .get { _, context in try await me(context) }
    }

    func register(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try RegisterRequest(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        let user = try await signIn.register(input)
        return try await signedIn(user, email: input.email, status: .created)
    }

    func login(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try LoginRequest(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        let (user, email) = try await signIn.logIn(input)
        return try await signedIn(user, email: email, status: .ok)
    }

    func refresh(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let input = try RefreshTokenRequest(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        // Per presented token: contains the original iOS app's refresh-retry loop (spec §2.8).
        try await services.authThrottle.checkAccount("refresh|" + input.refreshToken)
        let rotation: RefreshTokens.Rotation
        do {
            rotation = try await services.refreshTokens.rotate(input.refreshToken, app: services.appName)
        } catch is RefreshTokens.Failure {
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid or expired refresh token")
        }
        let access = try await services.accessTokens.issue(userID: rotation.userID, audience: services.appName)
        return Response.json(
            TokenPairResponse(accessToken: access, refreshToken: rotation.token, expiresIn: services.accessTokens.lifetimeSeconds, user: nil)
                .json)
    }

    /// 204 whether or not the token was known; the whole token family is revoked, so a
    /// successor minted by a refresh just before logout dies too (spec §8.20).
    func logout(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw APIError(.unauthorized, code: .unauthorized, message: "Authorization header required", headers: BearerAuthMiddleware.challenge)
        }
        do {
            _ = try await services.accessTokens.verify(String(header.dropFirst(7)), audience: services.appName)
        } catch {
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid access token", headers: BearerAuthMiddleware.challenge)
        }
        let input = try RefreshTokenRequest(try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize))
        try await services.refreshTokens.revokeFamily(of: input.refreshToken, app: services.appName)
        return Response(status: .noContent)
    }

    func me(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let user = try await accounts.profile(of: userID) else { throw ExistingUserMiddleware.unknownUser }
        return Response.json(UserObject.render(user, email: try await accounts.account(userID: userID)?.email))
    }

    private func signedIn(_ user: StoredDocument, email: String, status: HTTPResponse.Status) async throws -> Response {
        let access = try await services.accessTokens.issue(userID: user.id, audience: services.appName)
        let refresh = try await services.refreshTokens.issue(userID: user.id, app: services.appName)
        let response = TokenPairResponse(
            accessToken: access, refreshToken: refresh, expiresIn: services.accessTokens.lifetimeSeconds,
            user: UserObject.render(user, email: email))
        return Response.json(response.json, status: status)
    }
}
