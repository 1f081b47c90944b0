import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import HummingbirdBcrypt
import NIOCore

/// A small deployment of the original Wish With Me in its CouchDB shapes (spec §7), with
/// the legacy quirks decision §10.3 names: a bare-UUID OAuth user without email, a missing
/// `updated_at`, a boolean `quantity`, an item whose wishlist is gone.
struct OriginalCouchDB: Sendable {
    static let alicePassword = "alice's old password"

    /// Whether the lamp has a shop link, which sends it to item resolution after the import
    /// (a later write by the resolver, which tests comparing feeds must not race with).
    var lampHasShopLink = true
    static let carolPassword = "carol's old password"

    let alice = "user:" + UUID().uuidString.lowercased()
    /// Signed up through Google on the original: a bare UUID and no email of its own.
    let bob = UUID().uuidString.lowercased()
    let carol = "user:" + UUID().uuidString.lowercased()
    let badUser = "user:" + UUID().uuidString.lowercased()
    let wishlist = Self.id("wishlist")
    let kettle = Self.id("item")
    let lamp = Self.id("item")
    let orphanItem = Self.id("item")
    let markLink = Self.id("share")
    let viewLink = Self.id("share")
    let markToken = Self.token()
    let viewToken = Self.token()
    let bobsMark = Self.id("mark")
    let carolsMark = Self.id("mark")
    let bobsBookmark = Self.id("bookmark")

    static func id(_ type: String) -> String { "\(type):\(UUID().uuidString.lowercased())" }

    static func token() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<32).map { _ in alphabet.randomElement() ?? "a" })
    }

    var documents: [JSONValue] {
        let created = "2025-03-04T10:15:30.123456+00:00"
        let updated = "2025-03-05T08:00:00.000001+00:00"
        return [
            [
                "_id": .string(alice), "_rev": "3-0123456789abcdef0123456789abcdef", "type": "user", "email": "Alice@Example.com",
                "password_hash": .string(Bcrypt.hash(Self.alicePassword, cost: 4)), "name": "Alice", "locale": "en",
                "bio": "Tea lover", "birthday": "1990-05-01", "public_url_slug": "alice",
                "refresh_tokens": [["token_hash": .string(String(repeating: "a", count: 64)), "revoked": false]],
                "access": [.string(alice)], "created_at": .string(created), "updated_at": .string(updated),
            ],
            // Legacy: no `access`, no `updated_at`, no email (stripped by the original's weakness §8.7).
            ["_id": .string(bob), "_rev": "1-aa", "type": "user", "name": "Bob", "locale": "en", "created_at": .string(created)],
            [
                "_id": "social:google:bob-google-sub", "_rev": "1-bb", "type": "social_account", "user_id": .string(bob),
                "provider": "google", "provider_user_id": "bob-google-sub", "email": "bob@gmail.com",
                "profile_data": ["name": "Bob", "avatar_url": .null, "birthday": .null, "raw": [:]],
                "created_at": .string(created), "updated_at": .string(created),
            ],
            [
                "_id": .string(carol), "_rev": "1-cc", "type": "user", "email": "carol@example.com",
                "password_hash": .string(Bcrypt.hash(Self.carolPassword, cost: 4)), "name": "Carol", "locale": "ru",
                "access": [.string(carol)], "created_at": .string(created), "updated_at": .string(updated),
            ],
            // Refused: Hearth knows only ru and en.
            [
                "_id": .string(badUser), "_rev": "1-dd", "type": "user", "email": "dora@example.com", "name": "Dora", "locale": "de",
                "created_at": .string(created), "updated_at": .string(updated),
            ],
            [
                "_id": .string(wishlist), "_rev": "2-ee", "type": "wishlist", "owner_id": .string(alice), "name": "Birthday",
                "description": "Turning 35", "icon": "cake", "icon_color": "pink", "is_public": false,
                // The original trusted clients' `access`; Hearth recomputes it.
                "access": [.string(alice), .string(bob), .string(carol), "user:someone-else"],
                "created_at": .string(created), "updated_at": .string(updated),
            ],
            item(kettle, title: "Blue kettle", quantity: true, status: "resolved"),
            item(lamp, title: "Desk lamp", quantity: 2, status: "in_progress", sourceURL: lampHasShopLink ? "https://shop.example/lamp" : nil),
            item(orphanItem, title: "From a deleted list", quantity: 1, status: "resolved", wishlistID: Self.id("wishlist")),
            share(markLink, token: markToken, type: "mark", granted: [bob]),
            share(viewLink, token: viewToken, type: "view", granted: [carol]),
            mark(bobsMark, item: lamp, by: bob),
            // Refused: Carol only ever followed a view link (decision §10.4).
            mark(carolsMark, item: kettle, by: carol),
            // Legacy bookmark: no `wishlist_id`, no `updated_at`.
            [
                "_id": .string(bobsBookmark), "_rev": "1-ff", "type": "bookmark", "user_id": .string(bob), "share_id": .string(markLink),
                "owner_name": "Alice", "wishlist_name": "Birthday", "last_accessed_at": .string(updated), "access": [.string(bob)],
                "created_at": .string(created),
            ],
            ["_id": "_design/app", "_rev": "1-00", "views": [:]],
        ]
    }

    private func item(
        _ id: String, title: String, quantity: JSONValue, status: String, sourceURL: String? = nil, wishlistID: String? = nil
    ) -> JSONValue {
        [
            "_id": .string(id), "_rev": "4-12", "type": "item", "wishlist_id": .string(wishlistID ?? wishlist), "owner_id": .string(alice),
            "title": .string(title), "description": .null, "price": 1990, "currency": "RUB", "quantity": quantity,
            "source_url": sourceURL.map(JSONValue.string) ?? .null, "status": .string(status),
            "claimed_by": "resolver-1", "lease_expires_at": "2025-03-04T10:20:00+00:00", "access": [.string(alice)],
            "created_at": "2025-03-04T10:15:30.123Z", "updated_at": "2025-03-04T11:00:00Z",
        ]
    }

    private func share(_ id: String, token: String, type: String, granted: [String]) -> JSONValue {
        [
            "_id": .string(id), "_rev": "2-34", "type": "share", "wishlist_id": .string(wishlist), "owner_id": .string(alice),
            "token": .string(token), "link_type": .string(type), "expires_at": .null, "access_count": .int(Int64(granted.count)),
            "revoked": false, "granted_users": .array(granted.map(JSONValue.string)), "access": [.string(alice)],
            "created_at": "2025-03-04T10:30:00+00:00",
        ]
    }

    private func mark(_ id: String, item: String, by user: String) -> JSONValue {
        [
            "_id": .string(id), "_rev": "1-56", "type": "mark", "item_id": .string(item), "wishlist_id": .string(wishlist),
            "owner_id": .string(alice), "marked_by": .string(user), "quantity": 1, "access": [.string(user)],
            "created_at": "2025-03-06T09:00:00.000Z", "updated_at": "2025-03-06T09:00:00.000Z",
        ]
    }

    /// `_all_docs?include_docs=true` over `documents`, as CouchDB answers it.
    static func allDocs(_ documents: [JSONValue], offset: Int = 0, total: Int? = nil) -> JSONValue {
        let rows: [JSONValue] = documents.map { document in
            let id = document["_id"] ?? .null
            return ["id": id, "key": id, "value": ["rev": document["_rev"] ?? "1-0"], "doc": document]
        }
        return ["total_rows": .int(Int64(total ?? documents.count)), "offset": .int(Int64(offset)), "rows": .array(rows)]
    }
}

/// CouchDB's `_all_docs` on a loopback port, behind HTTP Basic auth, honouring `limit`,
/// `startkey` and `skip` as CouchDB does, and remembering each request's query.
struct FakeCouchDB: Sendable {
    static let credentials = "admin:secret"

    actor Ledger {
        private(set) var queries: [[String: String]] = []
        func record(_ query: [String: String]) { queries.append(query) }
    }

    static func run<T: Sendable>(
        _ documents: [JSONValue], _ body: @Sendable (_ databaseURL: String, _ ledger: Ledger) async throws -> T
    ) async throws -> T {
        let sorted = documents.sorted { ($0["_id"]?.stringValue ?? "") < ($1["_id"]?.stringValue ?? "") }
        let ledger = Ledger()
        let router = Router()
        router.get("wishwithme/_all_docs") { request, _ -> Response in
            let expected = "Basic " + Data(credentials.utf8).base64EncodedString()
            guard request.headers[.authorization] == expected else {
                return json(["error": "unauthorized", "reason": "Name or password is incorrect."], status: .unauthorized)
            }
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            await ledger.record(query)
            var rows = sorted
            if let startKey = query["startkey"].flatMap({ try? JSONParser().parse($0).stringValue }) {
                rows = rows.filter { ($0["_id"]?.stringValue ?? "") >= startKey }
            }
            let skip = Int(query["skip"] ?? "0") ?? 0
            let limit = Int(query["limit"] ?? "") ?? rows.count
            let offset = sorted.count - rows.count + skip
            let page = Array(rows.dropFirst(skip).prefix(limit))
            return json(OriginalCouchDB.allDocs(page, offset: offset, total: sorted.count))
        }
        return try await LoopbackHTTPServer.run(router) { port in
            try await body("http://\(credentials)@127.0.0.1:\(port)/wishwithme", ledger)
        }
    }

    private static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serialized())))
    }
}
