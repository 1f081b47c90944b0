import HearthCore
import HearthServer
import HearthStore
import HTTPTypes
import Hummingbird

/// `/auth/v1/admin/users…` behind the service role (research doc §5.10): the bearer is
/// the service-role key itself or an access token signed with the server's key whose
/// `role` is `service_role` (or `supabase_admin`). Without a configured service-role key
/// the routes answer 403. User ids are accepted in any letter case.
struct AdminRoutes: Sendable {
    let core: KnotAuthCore

    static let maxPerPage = 1000

    func register(on admin: RouterGroup<HearthRequestContext>) {
        let admin = admin.add(middleware: AdminGate(core: core))
        admin.post("users") { request, context in try await create(request, context) }
        admin.get("users") { request, _ in try await list(request) }
        admin.get("users/:id") { _, context in try await show(context) }
        admin.put("users/:id") { request, context in try await update(request, context) }
        admin.delete("users/:id") { request, context in try await delete(request, context) }
    }

    func create(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await AuthRequestBody.read(request, context: context)
        guard let email = try body.email() else { throw GoTrueError.validation("Unable to validate email address: invalid format") }
        let hash = try await passwordHash(body)
        let confirm = try body.bool("email_confirm") ?? false
        let userMetadata = try body.metadata("user_metadata") ?? [:]
        let appMetadata = try body.metadata("app_metadata")
        let now = core.clock.now
        let core = core
        let user: AuthUser = try await core.database.transaction { executor in
            guard try await core.users.user(email: email, in: executor) == nil,
                var user = try await core.users.create(
                    .init(email: email, passwordHash: hash, confirmedAt: confirm ? now : nil, userMetadata: userMetadata), now: now, in: executor)
            else { throw GoTrueError.emailExists }
            if let appMetadata {
                try await core.users.setAppMetadata(Self.merged(user.appMetadata, appMetadata), of: user.id, now: now, in: executor)
                user = try await core.users.user(id: user.id, in: executor) ?? user
            }
            return user
        }
        return Response.json(user.json)
    }

    /// `{"users": […], "aud": "authenticated"}`, newest first, with `X-Total-Count` and
    /// GoTrue's `Link` header.
    func list(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let page = max(1, query.get("page").flatMap(Int.init) ?? 1)
        let perPage = min(Self.maxPerPage, max(1, query.get("per_page").flatMap(Int.init) ?? 50))
        let users = core.users
        let (found, total) = try await core.database.read { executor in try await users.page(page, perPage: perPage, in: executor) }
        var headers = HTTPFields()
        headers[AuthHeaderName.totalCount] = String(total)
        let last = max(1, Int((total + Int64(perPage) - 1) / Int64(perPage)))
        var links: [String] = []
        if page < last { links.append("</admin/users?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
        links.append("</admin/users?page=\(last)&per_page=\(perPage)>; rel=\"last\"")
        headers[AuthHeaderName.link] = links.joined(separator: ", ")
        return Response.json(["users": .array(found.map(\.json)), "aud": "authenticated"], headers: headers)
    }

    func show(_ context: HearthRequestContext) async throws -> Response {
        let id = try Self.userID(context)
        let users = core.users
        guard let user = try await core.database.read({ executor in try await users.user(id: id, in: executor) }) else {
            throw GoTrueError.userNotFound
        }
        return Response.json(user.json)
    }

    /// `email` (confirmed at once), `password`, `email_confirm`, `user_metadata` (replaced)
    /// and `app_metadata` (merged).
    func update(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let id = try Self.userID(context)
        let body = try await AuthRequestBody.read(request, context: context)
        let email = try body.email()
        let hash = try await passwordHash(body)
        let confirm = try body.bool("email_confirm")
        let userMetadata = try body.metadata("user_metadata")
        let appMetadata = try body.metadata("app_metadata")
        let now = core.clock.now
        let core = core
        let user: AuthUser = try await core.database.transaction { executor in
            guard let user = try await core.users.user(id: id, in: executor) else { throw GoTrueError.userNotFound }
            if let email, email != user.email {
                guard try await core.users.setEmail(email, of: id, now: now, in: executor) else { throw GoTrueError.emailExists }
            }
            if let hash { try await core.users.setPasswordHash(hash, of: id, now: now, in: executor) }
            if confirm == true { try await core.users.confirmEmail(of: id, now: now, in: executor) }
            if let userMetadata { try await core.users.setUserMetadata(userMetadata, of: id, now: now, in: executor) }
            if let appMetadata { try await core.users.setAppMetadata(Self.merged(user.appMetadata, appMetadata), of: id, now: now, in: executor) }
            return try await core.users.user(id: id, in: executor) ?? user
        }
        return Response.json(user.json)
    }

    /// Deletes the account and, by cascade, everything of it. The body
    /// (`should_soft_delete`) may be absent; a soft delete is a hard one here. 200 `{}`.
    func delete(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let id = try Self.userID(context)
        _ = try await AuthRequestBody.read(request, context: context)
        let users = core.users
        guard try await core.database.transaction({ executor in try await users.delete(id, in: executor) }) else {
            throw GoTrueError.userNotFound
        }
        return Response.json([:])
    }

    private func passwordHash(_ body: AuthRequestBody) async throws -> String? {
        guard let password = try body.nonEmptyString("password", maxBytes: 4096) else { return nil }
        try core.checkNewPassword(password)
        return try await core.services.passwords.hash(password)
    }

    static func userID(_ context: HearthRequestContext) throws(GoTrueError) -> String {
        let raw = context.pathParameter("id")
        guard UUIDText.isValid(raw, allowingUppercase: true) else {
            throw GoTrueError(.notFound, "validation_failed", "user_id must be an UUID")
        }
        return raw.lowercased()
    }

    static func merged(_ base: JSONValue, _ changes: JSONValue) -> JSONValue {
        var members = base.objectValue ?? [:]
        for (key, value) in changes.objectValue ?? [:] {
            if value.isNull { members.removeValue(forKey: key) } else { members[key] = value }
        }
        return .object(members)
    }
}

/// Lets only the service role through (see ``AdminRoutes``).
struct AdminGate: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let adminRoles: Set<String> = ["service_role", "supabase_admin"]

    let core: KnotAuthCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let serviceKey = core.settings.serviceRoleKey else {
            throw GoTrueError(.forbidden, "not_admin", "The admin API is disabled on this server (no service-role key is configured)")
        }
        guard let token = BearerToken.from(request) else { throw GoTrueError.noAuthorization }
        if ConstantTime.equal(token, serviceKey) { return try await next(request, context) }
        let claims: AccessTokenClaims
        do {
            claims = try core.tokens.verify(token, now: core.clock.now, anyAudience: true)
        } catch {
            throw GoTrueError.badJWT(error.message)
        }
        guard let role = claims.role, Self.adminRoles.contains(role) else { throw GoTrueError(.forbidden, "not_admin", "User not allowed") }
        return try await next(request, context)
    }
}
