import HearthCore
import HearthTesting
import Testing

/// A signed-up user of the notes test app.
struct NotesUser: Sendable {
    let id: String
    let accessToken: String
    let refreshToken: String
    var bearer: [(String, String)] { [("Authorization", "Bearer \(accessToken)")] }

    /// From a register or login answer.
    init(tokens body: JSONValue) throws {
        id = try #require(body["user_id"]?.stringValue)
        accessToken = try #require(body["access_token"]?.stringValue)
        refreshToken = try #require(body["refresh_token"]?.stringValue)
    }
}

extension TestServer {
    func signUp(_ email: String, app: String = "/notes") async throws -> NotesUser {
        let response = try await request(.POST, "\(app)/auth/register", json: ["email": .string(email), "password": "correct horse"])
        try #require(response.status == 201, "register failed: \(response.text)")
        return try NotesUser(tokens: response.json)
    }

    /// Signs in again (for example after the clock moved past the access token's life).
    func logIn(_ email: String, app: String = "/notes") async throws -> NotesUser {
        let response = try await request(.POST, "\(app)/auth/login", json: ["email": .string(email), "password": "correct horse"])
        try #require(response.status == 200, "login failed: \(response.text)")
        return try NotesUser(tokens: response.json)
    }

    func push(_ user: NotesUser, _ mutations: [JSONValue], app: String = "/notes") async throws -> TestResponse {
        try await request(.POST, "\(app)/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: user.bearer)
    }

    func pull(_ user: NotesUser, since: String = "", limit: Int? = nil, app: String = "/notes") async throws -> TestResponse {
        var query = "since=\(since)"
        if let limit { query += "&limit=\(limit)" }
        return try await request(.GET, "\(app)/api/hearth/v1/sync/changes?\(query)", headers: user.bearer)
    }
}

/// A `put` mutation of a note.
func notePut(
    _ id: String, owner: String, title: String, sharedWith: [String] = [], extra: [String: JSONValue] = [:],
    baseVersion: Int64 = 0, at time: String = "2026-11-22T10:00:00.000Z", mutationID: String? = nil
) -> JSONValue {
    var data: [String: JSONValue] = ["owner": .string(owner), "title": .string(title), "shared_with": .array(sharedWith.map { .string($0) })]
    data.merge(extra) { _, new in new }
    return [
        "mutation_id": .string(mutationID ?? "m-\(id)-\(title.prefix(12))-\(time)"), "collection": "notes", "op": "put",
        "doc": ["id": .string(id), "data": .object(data)], "base_version": .int(baseVersion), "client_updated_at": .string(time),
    ]
}

func noteDelete(_ id: String, baseVersion: Int64, at time: String = "2026-11-22T11:00:00.000Z", mutationID: String? = nil) -> JSONValue {
    [
        "mutation_id": .string(mutationID ?? "d-\(id)-\(time)"), "collection": "notes", "op": "delete", "id": .string(id),
        "base_version": .int(baseVersion), "client_updated_at": .string(time),
    ]
}
