import Foundation
import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// Register / login / refresh / logout on the platform's auth core.
struct NotesAuthRoutes: Sendable {
    let services: AppServices

    struct Credentials: Decodable {
        let email: String
        let password: String
    }

    struct RefreshBody: Decodable {
        let refreshToken: String
        enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
    }

    func register(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let credentials = try await request.decode(as: Credentials.self, context: context)
        try await services.authThrottle.checkAccount(credentials.email)
        let userID = DocumentID.make(type: "user")
        let hash = try await services.passwords.hash(credentials.password)
        try await services.database.transaction { executor in
            let existing = try await executor.queryFirst(
                "SELECT id FROM notes_users WHERE app = ? AND email = ?", [.text(services.appName), .text(credentials.email)])
            guard existing == nil else { throw APIError(.conflict, code: .conflict, message: "This email is registered") }
            try await executor.execute(
                "INSERT INTO notes_users (app, id, email, password_hash) VALUES (?, ?, ?, ?)",
                [.text(services.appName), .text(userID), .text(credentials.email), .text(hash)])
        }
        return try await tokens(for: userID, status: .created)
    }

    func login(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let credentials = try await request.decode(as: Credentials.self, context: context)
        try await services.authThrottle.checkAccount(credentials.email)
        let row = try await services.database.read { executor in
            try await executor.queryFirst(
                "SELECT id, password_hash FROM notes_users WHERE app = ? AND email = ?",
                [.text(services.appName), .text(credentials.email)])
        }
        guard let row, try await services.passwords.verify(credentials.password, against: try row.string("password_hash")) else {
            throw APIError(.unauthorized, code: .unauthorized, message: "Wrong email or password")
        }
        return try await tokens(for: try row.string("id"), status: .ok)
    }

    func refresh(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await request.decode(as: RefreshBody.self, context: context)
        do {
            let rotation = try await services.refreshTokens.rotate(body.refreshToken, app: services.appName)
            let access = try await services.accessTokens.issue(userID: rotation.userID, audience: services.appName)
            return Response.json(["access_token": .string(access), "refresh_token": .string(rotation.token)])
        } catch is RefreshTokens.Failure {
            throw APIError(.unauthorized, code: .unauthorized, message: "Sign in again")
        }
    }

    func logout(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let body = try await request.decode(as: RefreshBody.self, context: context)
        try await services.refreshTokens.revokeFamily(of: body.refreshToken, app: services.appName)
        return Response(status: .noContent)
    }

    private func tokens(for userID: String, status: HTTPResponse.Status) async throws -> Response {
        let access = try await services.accessTokens.issue(userID: userID, audience: services.appName)
        let refresh = try await services.refreshTokens.issue(userID: userID, app: services.appName)
        return Response.json(
            ["user_id": .string(userID), "access_token": .string(access), "refresh_token": .string(refresh)], status: status)
    }
}
