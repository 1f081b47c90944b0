import Foundation
import HearthCore
import HearthTesting
import NIOHTTP1
import Testing

/// Bad input never gets a 5xx (spec standards): every endpoint, each of its fields set to
/// values of the wrong kind, size or range, answers a 2xx or a 4xx with an `error` string
/// (or the 503 of a feature the server was not configured for, which names it).
@Suite struct EveryEndpointBadInputTests {
    static let hostile: [JSONValue] = [
        5, -1, .int(Int64.max), .int(Int64.min), 1e308, 0.5, true, nil, [], ["nested": ["deeper": [1, 2]]],
        .string(String(repeating: "x", count: 3000)), "\u{0}", "' OR 1=1 --", "../../etc/passwd", "2030-13-45", "",
    ]

    struct Endpoint: Sendable {
        var method: HTTPMethod
        var path: String
        var fields: [String]
    }

    static func endpoints(item: String, product: String, location: String) -> [Endpoint] {
        [
            Endpoint(method: .POST, path: "/api/auth/register", fields: ["email", "password", "name", "firstName", "refreshable"]),
            Endpoint(method: .POST, path: "/api/auth/login", fields: ["email", "password", "refreshable"]),
            Endpoint(method: .POST, path: "/api/auth/apple", fields: ["identityToken", "email", "name", "nonce"]),
            Endpoint(method: .POST, path: "/api/auth/refresh", fields: ["refreshToken"]),
            Endpoint(method: .PUT, path: "/api/household", fields: ["name", "timezone"]),
            Endpoint(method: .POST, path: "/api/household/join", fields: ["code"]),
            Endpoint(method: .POST, path: "/api/products", fields: ["id", "upc", "name", "brand", "description", "category"]),
            Endpoint(method: .PUT, path: "/api/products/\(product)", fields: ["name", "brand", "description", "category"]),
            Endpoint(method: .POST, path: "/api/inventory", fields: ["id", "productId", "quantity", "expirationDate", "notes", "locationId", "unit"]),
            Endpoint(method: .POST, path: "/api/inventory/quick-add", fields: ["upc", "quantity", "expirationDate", "locationId"]),
            Endpoint(method: .PUT, path: "/api/inventory/\(item)", fields: ["quantity", "expirationDate", "notes", "locationId"]),
            Endpoint(method: .PATCH, path: "/api/inventory/\(item)/quantity", fields: ["adjustment"]),
            Endpoint(method: .POST, path: "/api/locations", fields: ["id", "name", "parentId"]),
            Endpoint(method: .PUT, path: "/api/locations/\(location)", fields: ["name", "sortOrder"]),
            Endpoint(method: .POST, path: "/api/checkout/scan", fields: ["upc"]),
            Endpoint(method: .POST, path: "/api/grocery", fields: ["name", "brand", "upc", "clientId"]),
            Endpoint(method: .POST, path: "/api/sync/push", fields: ["changes"]),
            Endpoint(method: .POST, path: "/api/notifications/register", fields: ["token", "platform"]),
            Endpoint(method: .DELETE, path: "/api/notifications/unregister", fields: ["token"]),
            Endpoint(method: .PUT, path: "/api/notifications/preferences", fields: ["expirationEnabled", "expirationDaysBefore", "lowStockThreshold"]),
            Endpoint(method: .POST, path: "/api/subscriptions/validate", fields: ["transactionId", "productId", "originalTransactionId", "expiresAt"]),
        ]
    }

    static let queries = [
        "/api/inventory/expiring?days=", "/api/checkout/history?limit=", "/api/checkout/history?startDate=", "/api/checkout/stats?days=",
        "/api/sync/changes?cursor=", "/api/sync/changes?since=", "/api/sync/changes?cursor=1&limit=", "/api/products?limit=",
        "/api/grocery?offset=", "/api/products/lookup/", "/api/household/invite/",
    ]
    static let queryValues = ["-1", "abc", "99999999999999999999", "1.5", "%00", "%27%20OR%201%3D1", "2030-13-45T99:99:99Z", "%2F..%2F"]

    @Test(arguments: TestEngine.available)
    func noFieldValueMakesAnyEndpointFail(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let location = try await pantry.location(owner, "Pantry")
            let product = try await pantry.product(owner, "Rice", upc: "4001")
            let item = try #require(try await pantry.stock(owner, product: product, at: location, quantity: 50).json["id"]?.stringValue)
            var failures: [String] = []
            func check(_ label: String, _ response: TestResponse) {
                let notConfigured = response.status == 503 && response.json["code"] == "APPLE_NOT_CONFIGURED"
                let refusedClearly = (400..<500).contains(response.status) && response.json["error"]?.stringValue != nil || notConfigured
                if !(200..<300).contains(response.status) && !refusedClearly {
                    failures.append("\(label) → \(response.status) \(response.text.prefix(120))")
                }
            }
            for endpoint in Self.endpoints(item: item, product: product, location: location) {
                for field in endpoint.fields {
                    for value in Self.hostile {
                        check("\(endpoint.method) \(endpoint.path) \(field)=\(value.serializedString().prefix(40))",
                              try await pantry.call(owner, endpoint.method, endpoint.path, [field: value]))
                    }
                }
                check("\(endpoint.method) \(endpoint.path) broken JSON",
                      try await pantry.server.request(endpoint.method, endpoint.path, headers: [("Authorization", "Bearer \(owner.token)")], body: Array("{\"a\":".utf8)))
                check("\(endpoint.method) \(endpoint.path) array body", try await pantry.call(owner, endpoint.method, endpoint.path, [1, 2]))
            }
            for query in Self.queries {
                for value in Self.queryValues { check(query + value, try await pantry.call(owner, .GET, query + value)) }
            }
            #expect(failures.isEmpty, "\(failures.count) answers were not 2xx or a clear 4xx: \(failures.prefix(15))")
            #expect(try await pantry.call(owner, .GET, "/api/auth/me").status == 200, "the server still answers")
        }
    }
}
