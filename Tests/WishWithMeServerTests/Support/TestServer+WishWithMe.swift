import Foundation
import HearthCore
import HearthServer
import HearthTesting
import WishWithMeServer

/// A signed-up Wish With Me user as tests hold it.
struct WishUser: Sendable {
    let id: String
    let email: String
    var accessToken: String
    var refreshToken: String

    var auth: [(String, String)] { [("Authorization", "Bearer \(accessToken)")] }
}

extension TestServer {
    /// Runs a server with only Wish With Me mounted at the root, as `hearth serve --app wishwithme`.
    static func wishWithMe<T: Sendable>(
        engine: TestEngine, settings: WishWithMeSettings = WishWithMeSettings(), clock: any WallClock = SystemWallClock(),
        configuration: ServerConfiguration = testConfiguration(), _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = configuration
        configuration.rootApp = "wishwithme"
        return try await run(engine: engine, apps: [WishWithMeApp(settings: settings)], configuration: configuration, clock: clock, body)
    }

    func register(_ email: String, name: String = "Tester", password: String = "correct horse") async throws -> WishUser {
        let response = try await request(
            .POST, "/api/v2/auth/register", json: ["email": .string(email), "password": .string(password), "name": .string(name)])
        guard response.status == 201, let id = response.json["user"]?["id"]?.stringValue,
            let access = response.json["access_token"]?.stringValue, let refresh = response.json["refresh_token"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return WishUser(id: id, email: email, accessToken: access, refreshToken: refresh)
    }

    func pull(_ user: WishUser, _ collection: String) async throws -> [JSONValue] {
        let response = try await request(.GET, "/api/v2/sync/pull/\(collection)", headers: user.auth)
        guard response.status == 200, let documents = response.json["documents"]?.arrayValue else { throw UnexpectedResponse(response) }
        return documents
    }

    /// Pushes and returns the conflicts.
    func push(_ user: WishUser, _ collection: String, _ documents: [JSONValue]) async throws -> [JSONValue] {
        let response = try await request(.POST, "/api/v2/sync/push/\(collection)", json: ["documents": .array(documents)], headers: user.auth)
        guard response.status == 200, let conflicts = response.json["conflicts"]?.arrayValue else { throw UnexpectedResponse(response) }
        return conflicts
    }

    func share(_ user: WishUser, wishlist: String, linkType: String = "mark", expiresInDays: JSONValue = .null) async throws -> JSONValue {
        let response = try await request(
            .POST, "/api/v1/wishlists/\(wishlist)/share", json: ["link_type": .string(linkType), "expires_in_days": expiresInDays],
            headers: user.auth)
        guard response.status == 201 else { throw UnexpectedResponse(response) }
        return response.json
    }

    func grantAccess(_ user: WishUser, token: String) async throws -> TestResponse {
        try await request(.POST, "/api/v1/shared/\(token)/grant-access", headers: user.auth)
    }

    /// Delta sync changes of `user` from the start.
    func changes(_ user: WishUser, since: String = "0") async throws -> JSONValue {
        let response = try await request(.GET, "/api/hearth/v1/sync/changes?since=\(since)&limit=5000", headers: user.auth)
        guard response.status == 200 else { throw UnexpectedResponse(response) }
        return response.json
    }
}

/// Documents in the exact shapes the original clients push (spec §7).
enum Docs {
    static func id(_ type: String) -> String { "\(type):\(UUID().uuidString.lowercased())" }

    /// The iOS app's whole-second `Z` clock.
    static func iosNow(offsetSeconds: Double = 0) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date().addingTimeInterval(offsetSeconds))
    }

    static func wishlist(_ id: String, owner: String, name: String = "Birthday", updatedAt: String = iosNow()) -> JSONValue {
        [
            "_id": .string(id), "type": "wishlist", "owner_id": .string(owner), "name": .string(name), "description": nil,
            "icon": "card_giftcard", "icon_color": "primary", "is_public": false, "access": [.string(owner)],
            "created_at": .string(updatedAt), "updated_at": .string(updatedAt),
        ]
    }

    static func item(
        _ id: String, wishlist: String, owner: String, title: String = "Headphones", quantity: JSONValue = 1,
        status: String = "resolved", sourceURL: JSONValue = nil, updatedAt: String = iosNow()
    ) -> JSONValue {
        [
            "_id": .string(id), "type": "item", "wishlist_id": .string(wishlist), "owner_id": .string(owner), "title": .string(title),
            "description": nil, "price": 99.5, "currency": "EUR", "quantity": quantity, "source_url": sourceURL, "image_url": nil,
            "image_base64": nil, "status": .string(status), "created_at": .string(updatedAt), "updated_at": .string(updatedAt),
        ]
    }

    static func mark(
        _ id: String, item: String, wishlist: String, owner: String, markedBy: String, quantity: Int64 = 1, updatedAt: String = iosNow()
    ) -> JSONValue {
        [
            "_id": .string(id), "type": "mark", "item_id": .string(item), "wishlist_id": .string(wishlist), "owner_id": .string(owner),
            "marked_by": .string(markedBy), "quantity": .int(quantity), "created_at": .string(updatedAt), "updated_at": .string(updatedAt),
        ]
    }

    static func deletion(of document: JSONValue, updatedAt: String = iosNow(offsetSeconds: 1)) -> JSONValue {
        guard var object = document.objectValue else { return document }
        object["_deleted"] = true
        object["updated_at"] = .string(updatedAt)
        return .object(object)
    }

    static func edited(_ document: JSONValue, _ changes: [String: JSONValue]) -> JSONValue {
        guard var object = document.objectValue else { return document }
        for (key, value) in changes { object[key] = value }
        return .object(object)
    }
}
