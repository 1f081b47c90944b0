import Foundation
import HearthCore
import HearthTesting
import Testing

/// Hostile bodies on every endpoint that parses one (spec §8 hardening): each is a 4xx in
/// the app's error shape (spec §1.8), never a 5xx, and writes nothing.
@Suite struct MalformedInputTests {
    /// One way to break a body, applied to one field of an otherwise valid request.
    enum Malformation: String, CaseIterable {
        case deepNesting, hugeString, wrongType, invalidUTF8, truncated, duplicateKeys

        static let nestingLevels = 10_000
        static let hugeStringBytes = 4 * 1024 * 1024

        /// `valid` serialized, with the value of `field` replaced by the broken one; `nil`
        /// if `field` is not in `valid`.
        func body(_ valid: [String: JSONValue], breaking field: String) -> [UInt8]? {
            guard let value = valid[field] else { return nil }
            let marker = "MALFORMED-VALUE-MARKER"
            var object = valid
            object[field] = .string(marker)
            let text = String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
            let whole = Array(JSONValue.object(valid).serialized())
            switch self {
            case .truncated:
                return Array(whole.prefix(whole.count / 2))
            case .deepNesting:
                let nested = String(repeating: "[", count: Self.nestingLevels) + String(repeating: "]", count: Self.nestingLevels)
                return Self.splice(text, marker: marker, with: Array(nested.utf8))
            case .hugeString:
                let huge = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "x"), count: Self.hugeStringBytes) + [UInt8(ascii: "\"")]
                return Self.splice(text, marker: marker, with: huge)
            case .wrongType:
                return Self.splice(text, marker: marker, with: Array(Self.wrongType(for: value).utf8))
            case .invalidUTF8:
                return Self.splice(text, marker: marker, with: [UInt8(ascii: "\""), 0xC3, 0x28, 0xFF, 0xFE, UInt8(ascii: "\"")])
            case .duplicateKeys:
                let serialized = Array(value.serialized())
                return Self.splice(text, marker: marker, with: serialized + Array(", \"\(field)\": ".utf8) + serialized)
            }
        }

        private static func wrongType(for value: JSONValue) -> String {
            switch value {
            case .string: "[true, 1]"
            case .array: "\"not an array\""
            case .object: "[]"
            default: "\"seven\""
            }
        }

        private static func splice(_ text: String, marker: String, with replacement: [UInt8]) -> [UInt8]? {
            let parts = text.components(separatedBy: "\"\(marker)\"")
            guard parts.count == 2 else { return nil }
            return Array(parts[0].utf8) + replacement + Array(parts[1].utf8)
        }
    }

    /// Sends every malformation of `valid` and expects a clean client error each time.
    static func expectEveryMalformationRejected(
        _ server: TestServer, _ path: String, valid: [String: JSONValue], breaking field: String, headers: [(String, String)] = []
    ) async throws {
        for malformation in Malformation.allCases {
            let body = try #require(malformation.body(valid, breaking: field), "\(field) is in the valid body")
            let response = try await server.request(.POST, path, headers: headers, body: body)
            let label = "\(malformation.rawValue) on \(path): \(response.status) \(response.text.prefix(200))"
            #expect((400..<500).contains(response.status), "\(label)")
            #expect(response.json["error"]?["code"]?.stringValue?.isEmpty == false, "\(label)")
            #expect(response.json["error"]?["message"]?.stringValue?.isEmpty == false, "\(label)")
            #expect(response.json["detail"] != nil && response.json["detail"] != .null, "\(label)")
        }
    }

    @Test(arguments: TestEngine.available)
    func aMalformedRegistrationIsRejectedAndCreatesNoAccount(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let valid: [String: JSONValue] = ["email": "fresh@example.com", "password": "correct horse", "name": "Fresh"]
            for field in ["email", "name"] {
                try await Self.expectEveryMalformationRejected(server, "/api/v2/auth/register", valid: valid, breaking: field)
            }
            let login = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "fresh@example.com", "password": "correct horse"])
            #expect(login.status == 401, "no account exists yet")
            _ = try await server.register("fresh@example.com", name: "Fresh")
        }
    }

    @Test(arguments: TestEngine.available)
    func aMalformedLoginIsAClientErrorAndLeavesTheAccountUsable(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            _ = try await server.register("login@example.com")
            let valid: [String: JSONValue] = ["email": "login@example.com", "password": "correct horse"]
            for field in ["email", "password"] {
                try await Self.expectEveryMalformationRejected(server, "/api/v2/auth/login", valid: valid, breaking: field)
            }
            let login = try await server.request(.POST, "/api/v2/auth/login", json: .object(valid))
            #expect(login.status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aMalformedLegacyPushWritesNoDocument(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("legacy-push@example.com")
            let valid: [String: JSONValue] = ["documents": [Docs.wishlist(Docs.id("wishlist"), owner: owner.id)]]
            try await Self.expectEveryMalformationRejected(
                server, "/api/v2/sync/push/wishlists", valid: valid, breaking: "documents", headers: owner.auth)
            #expect(try await server.pull(owner, "wishlists").isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLegacyPushHoldingANonObjectIsRefusedWholeInTheFrameworksShape(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("non-object@example.com")
            let wishlist = Docs.wishlist(Docs.id("wishlist"), owner: owner.id)
            let response = try await server.request(
                .POST, "/api/v2/sync/push/wishlists", json: ["documents": [wishlist, 1, "a"]], headers: owner.auth)
            #expect(response.status == 422)
            #expect(response.json["detail"]?[0]?["type"] == "value_error")
            #expect(response.json["detail"]?[0]?["msg"]?.stringValue?.contains("documents[1]") == true)
            #expect(try await server.pull(owner, "wishlists").isEmpty, "nothing of the request is written")
        }
    }

    @Test(arguments: TestEngine.available)
    func aMalformedDeltaPushWritesNoDocument(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("delta-push@example.com")
            let put = WishWithMeDeltaSyncTests.put("wishlists", Docs.id("wishlist"), ["owner_id": .string(owner.id), "name": "Delta"])
            try await Self.expectEveryMalformationRejected(
                server, "/api/hearth/v1/sync/push", valid: ["mutations": [put]], breaking: "mutations", headers: owner.auth)
            #expect(try await server.pull(owner, "wishlists").isEmpty)
            #expect(try await server.changes(owner)["changes"]?.arrayValue?.contains { $0["collection"] == "wishlists" } == false)
        }
    }

    @Test(arguments: TestEngine.available)
    func aMalformedShareRequestCreatesNoShare(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("share-create@example.com")
            let wishlistID = Docs.id("wishlist")
            #expect(try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)]).isEmpty)
            let valid: [String: JSONValue] = ["link_type": "mark", "expires_in_days": 7]
            for field in ["link_type", "expires_in_days"] {
                try await Self.expectEveryMalformationRejected(
                    server, "/api/v1/wishlists/\(wishlistID)/share", valid: valid, breaking: field, headers: owner.auth)
            }
            #expect(try await server.pull(owner, "shares").isEmpty)
        }
    }
}
