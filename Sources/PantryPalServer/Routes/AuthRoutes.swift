import HearthCore
import HearthServer
import Hummingbird

/// `/api/auth` (spec §2.1, W11, W14; refresh for Hearth's clients, decision §8.6).
struct AuthRoutes: Sendable {
    let accounts: AccountService
    let appleSignIn: AppleSignIn

    func register(public auth: RouterGroup<HearthRequestContext>, signedIn: RouterGroup<HearthRequestContext>) {
        auth.post("register") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let email = try fields.text("email"), let password = try fields.string("password"), !password.isEmpty else {
                throw PantryError.badRequest("Email and password are required")
            }
            var first = try fields.text("firstName")
            var last = try fields.text("lastName")
            if first == nil, last == nil, let name = try fields.text("name") {
                let words = name.split(whereSeparator: { $0.isWhitespace })
                first = words.first.map(String.init)
                last = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
            }
            let (user, issued) = try await accounts.register(
                .init(email: email, password: password, firstName: first, lastName: last),
                refreshable: try fields.bool("refreshable") ?? false, device: try fields.string("device"))
            var body = Self.signedIn(user, issued)
            body["householdId"] = .null
            return Response.json(.object(body), status: .created)
        }
        auth.post("login") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let email = try fields.text("email"), let password = try fields.string("password"), !password.isEmpty else {
                throw PantryError.badRequest("Email and password are required")
            }
            let (user, issued) = try await accounts.login(
                email: email, password: password, refreshable: try fields.bool("refreshable") ?? false, device: try fields.string("device"))
            return Response.json(.object(Self.signedIn(user, issued)))
        }
        auth.post("apple") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let (user, issued) = try await appleSignIn.signIn(fields: fields)
            return Response.json(.object(Self.signedIn(user, issued)))
        }
        auth.post("refresh") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let token = try fields.string("refreshToken"), let issued = try await accounts.sessions.refresh(token) else {
                throw PantryAuthMiddleware.unauthorized("TOKEN_INVALID")
            }
            return Response.json([
                "token": .string(issued.token), "refreshToken": .init(issued.refreshToken), "expiresIn": .int(issued.expiresIn),
            ])
        }
        signedIn.get("me") { _, context in
            Response.json(try await accounts.me(userID: try context.requireUser()))
        }
        signedIn.post("logout") { _, context in
            if let session = context.sessionID { try await accounts.sessions.revoke(sessionID: session) }
            return Response.json(["success": true])
        }
        signedIn.post("logout-all") { _, context in
            try await accounts.sessions.revokeAll(userID: try context.requireUser())
            return Response.json(["success": true])
        }
    }

    static func signedIn(_ user: UserRecord, _ issued: SessionStore.Issued) -> [String: JSONValue] {
        var body: [String: JSONValue] = ["user": user.json, "token": .string(issued.token)]
        if let refresh = issued.refreshToken {
            body["refreshToken"] = .string(refresh)
            body["expiresIn"] = .int(issued.expiresIn)
        }
        return body
    }
}
