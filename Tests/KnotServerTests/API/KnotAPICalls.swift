import HearthCore
import HearthStore
import HearthTesting
import NIOHTTP1

/// Calls to the Knot API as a signed-in user (or anonymously), over real HTTP.
extension TestServer {
    @discardableResult
    func api(
        _ user: KnotTestUser?, _ method: HTTPMethod, _ path: String, _ json: JSONValue? = nil, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        var all = headers
        if let user { all.append(("Authorization", "Bearer \(user.accessToken)")) }
        if let json { return try await request(method, path, json: json, headers: all) }
        return try await request(method, path, headers: all)
    }

    /// Creates the §5.2 example vault (or `body`) for `user`; returns its id.
    func createVault(_ user: KnotTestUser, _ body: JSONValue = KnotAPIFixtures.vault) async throws -> String {
        let response = try await api(user, .POST, "/api/v1/vault", body)
        guard response.status == 201, let id = response.json["vault_id"]?.stringValue else { throw UnexpectedResponse(response) }
        return id
    }

    /// Adds a hint for `user`; returns its JSON.
    func addHint(_ user: KnotTestUser, _ text: String, source: String? = nil) async throws -> JSONValue {
        var body: JSONValue = ["hint_text": .string(text)]
        if let source { body["source"] = .string(source) }
        let response = try await api(user, .POST, "/api/v1/hints", body)
        guard response.status == 201 else { throw UnexpectedResponse(response) }
        return response.json
    }

    /// How many rows `table` holds (for "nothing was stored" checks).
    func count(_ table: String, where condition: String = "1 = 1", _ arguments: [String] = []) async throws -> Int64 {
        try await platform.database.read { sql in
            try await sql.queryFirst("SELECT COUNT(*) AS n FROM \(table) WHERE \(condition)", arguments.map { SQLValue.text($0) })?.int("n")
                ?? -1
        }
    }
}
