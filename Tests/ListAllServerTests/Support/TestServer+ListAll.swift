import Foundation
import HearthCore
import HearthServer
import HearthTesting
import ListAllServer

/// A ListAll account as tests hold it.
struct ListAllUser: Sendable {
    let id: String
    let email: String
    var accessToken: String
    var refreshToken: String

    var auth: [(String, String)] { [("Authorization", "Bearer \(accessToken)")] }
}

extension TestServer {
    /// Runs a server with only ListAll mounted at the root, as `hearth serve --app listall`.
    static func listAll<T: Sendable>(
        engine: TestEngine, configuration: ServerConfiguration = testConfiguration(), _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = configuration
        configuration.rootApp = "listall"
        return try await run(engine: engine, apps: [ListAllApp()], configuration: configuration, body)
    }

    func register(_ email: String, name: String = "Lister", password: String = "correct horse") async throws -> ListAllUser {
        let response = try await request(
            .POST, "/api/v1/auth/register", json: ["email": .string(email), "password": .string(password), "name": .string(name)])
        guard response.status == 201, let id = response.json["user"]?["id"]?.stringValue,
            let access = response.json["access_token"]?.stringValue, let refresh = response.json["refresh_token"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return ListAllUser(id: id, email: email, accessToken: access, refreshToken: refresh)
    }

    /// Pushes `mutations` and returns the results.
    func push(_ user: ListAllUser, _ mutations: [JSONValue]) async throws -> [JSONValue] {
        let response = try await request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: user.auth)
        guard response.status == 200, let results = response.json["results"]?.arrayValue else { throw UnexpectedResponse(response) }
        return results
    }

    /// Every change of `user`'s feed from the start.
    func changes(_ user: ListAllUser) async throws -> [JSONValue] {
        let response = try await request(.GET, "/api/hearth/v1/sync/changes?limit=5000", headers: user.auth)
        guard response.status == 200, let changes = response.json["changes"]?.arrayValue else { throw UnexpectedResponse(response) }
        return changes
    }

    /// The live documents of `collection` in `user`'s feed, by id.
    func documents(_ user: ListAllUser, _ collection: String) async throws -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for change in try await changes(user) where change["collection"]?.stringValue == collection {
            guard let id = change["id"]?.stringValue, let doc = change["doc"], doc["deleted"] == false, let data = doc["data"] else {
                continue
            }
            found[id] = data
        }
        return found
    }
}

/// ListAll documents in the shape of spec §2.2's field names.
enum ListAllDocs {
    static func id() -> String { UUID().uuidString }

    static func list(_ name: String = "Groceries", order: Int64 = 0, archived: Bool = false) -> JSONValue {
        [
            "name": .string(name), "orderNumber": .int(order), "isArchived": .bool(archived),
            "createdAt": "2025-01-15T10:30:00Z", "modifiedAt": "2025-01-15T10:30:00Z",
        ]
    }

    static func item(_ title: String = "Milk", list: String, quantity: Int64 = 1, description: String = "") -> JSONValue {
        [
            "listId": .string(list), "title": .string(title), "description": .string(description), "quantity": .int(quantity),
            "orderNumber": 0, "isCrossedOut": false, "createdAt": "2025-01-15T10:31:00Z", "modifiedAt": "2025-01-15T10:32:00Z",
        ]
    }

    static func image(item: String, bytes: Data = Data([0xFF, 0xD8, 0xFF, 0xD9]), order: Int64 = 0) -> JSONValue {
        ["itemId": .string(item), "orderNumber": .int(order), "createdAt": "2025-01-15T10:35:00Z", "imageData": .string(bytes.base64EncodedString())]
    }

    static func put(_ collection: String, _ id: String, _ data: JSONValue, base: Int64? = nil, editedAt: String? = nil) -> JSONValue {
        [
            "mutation_id": .string(UUID().uuidString), "collection": .string(collection), "op": "put",
            "doc": ["id": .string(id), "data": data], "base_version": base.map(JSONValue.int) ?? .null,
            "client_updated_at": .string(editedAt ?? Timestamp(Date()).iso8601),
        ]
    }

    static func delete(_ collection: String, _ id: String, base: Int64) -> JSONValue {
        [
            "mutation_id": .string(UUID().uuidString), "collection": .string(collection), "op": "delete", "id": .string(id),
            "base_version": .int(base), "client_updated_at": .string(Timestamp(Date()).iso8601),
        ]
    }
}
