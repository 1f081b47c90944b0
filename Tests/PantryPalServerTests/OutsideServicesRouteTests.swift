import Foundation
import HearthCore
import HearthTesting
import Testing

@testable import PantryPalServer

/// The routes that reach outside services — UPC lookup (spec §2.3, W13) and Sign in with
/// Apple (W14) — against fakes of those services on loopback, and the rate limits (W20).
@Suite struct OutsideServicesRouteTests {
    static let nutella = #"{"status":1,"product":{"product_name":"Nutella","brands":"Ferrero","categories_tags":["en:spreads"]}}"#

    @Test(arguments: TestEngine.available)
    func anUnknownUPCIsLookedUpOnceThenServedFromTheCatalogue(engine: TestEngine) async throws {
        try await FakeUpstream.run(respond: { path in
            path.contains("3017620422003") ? .json(Self.nutella) : .json(#"{"status":0}"#)
        }) { off in
            try await PantryServer.run(engine: engine, settings: PantryServer.settings(providerURL: off.baseURL)) { pantry in
                let owner = try await pantry.owner("owner@example.com")
                let first = try await pantry.call(owner, .GET, "/api/products/lookup/3017620422003").json
                #expect(first["found"] == true && first["source"] == "api")
                #expect(first["product"]?["brand"] == "Ferrero" && first["product"]?["category"] == "spreads")
                #expect(first["product"]?["household_id"] == .null, "provider answers become global rows")
                let second = try await pantry.call(owner, .GET, "/api/products/lookup/3017620422003").json
                #expect(second["source"] == "local" && second["product"]?["id"] == first["product"]?["id"])
                #expect(off.requests.count == 1)
                let fridge = try await pantry.location(owner, "Fridge")
                let added = try await pantry.call(owner, .POST, "/api/inventory/quick-add", ["upc": "3017620422003", "locationId": .string(fridge)])
                #expect(added.status == 201 && added.json["action"] == "created" && added.json["item"]?["product_name"] == "Nutella")
                let unknown = try await pantry.call(owner, .POST, "/api/inventory/quick-add", ["upc": "0000000000000", "locationId": .string(fridge)])
                #expect(unknown.status == 404)
                #expect(unknown.json == ["error": "Product not found", "upc": "0000000000000", "requiresCustomProduct": "true"])
                #expect(try await pantry.call(owner, .POST, "/api/inventory/quick-add", ["locationId": .string(fridge)]).json == ["error": "UPC is required"])
                let log = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=0").json["changes"]?.arrayValue ?? []
                #expect(log.contains { $0["entity_type"] == "product" && $0["entity_id"] == first["product"]?["id"] }, "the cached product reaches other devices")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func appleSignInLinksOnlyThroughTheTokensOwnVerifiedEmail(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "apple-1")
        let published = try PublishedKeys([key])
        let clock = ManualWallClock()
        try await FakeUpstream.run(respond: { _ in published.answer }) { apple in
            var settings = PantryServer.settings()
            settings.appleClientIDs = ["app.hearth.pantrypal"]
            settings.appleKeySetURL = "\(apple.baseURL)/auth/keys"
            try await PantryServer.run(engine: engine, settings: settings, clock: clock) { pantry in
                let victim = try await pantry.register("victim@example.com")
                func token(_ subject: String, email: String, verified: Bool, audience: String = "app.hearth.pantrypal") async throws -> String {
                    let now = clock.now.millisecondsSince1970 / 1000
                    return try await key.sign([
                        "iss": "https://appleid.apple.com", "aud": .string(audience), "iat": .int(now), "exp": .int(now + 600),
                        "sub": .string(subject), "email": .string(email), "email_verified": .bool(verified),
                    ])
                }
                let attacker = try await pantry.call(nil, .POST, "/api/auth/apple", [
                    "identityToken": .string(try await token("attacker.1", email: "attacker@privaterelay.appleid.com", verified: false)),
                    "email": "victim@example.com",
                ])
                #expect(attacker.status == 200)
                #expect(attacker.json["user"]?["id"] != .string(victim.id), "a body e-mail never links an account")
                let owner = try await pantry.call(nil, .POST, "/api/auth/apple", [
                    "identityToken": .string(try await token("victim.1", email: "Victim@Example.com", verified: true)),
                    "name": #"{"givenName":"Vic","familyName":"Tim"}"#,
                ])
                #expect(owner.json["user"]?["id"] == .string(victim.id), "the token's verified e-mail links the existing account")
                let wrongAudience = try await pantry.call(nil, .POST, "/api/auth/apple", [
                    "identityToken": .string(try await token("victim.1", email: "victim@example.com", verified: true, audience: "other.app")),
                ])
                #expect(wrongAudience.status == 401)
                #expect(wrongAudience.json == ["error": "Apple Sign In failed", "code": "APPLE_TOKEN_INVALID"])
                #expect(try await pantry.call(nil, .POST, "/api/auth/apple", [:]).json == ["error": "Identity token is required"])
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func rateLimitsAnswer429WithTheOriginalBodyAndRetryAfter(engine: TestEngine) async throws {
        var settings = PantryServer.settings()
        settings.upcLookupsPerMinute = 2
        settings.failedLoginsPerEmail = 2
        try await PantryServer.run(engine: engine, settings: settings) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            for _ in 0..<2 { try await pantry.expect(pantry.call(owner, .GET, "/api/products/lookup/123456"), 200) }
            let limited = try await pantry.call(owner, .GET, "/api/products/lookup/123456")
            #expect(limited.status == 429)
            #expect(limited.json["error"] == "Too many requests" && limited.json["limitType"] == "UPC lookup")
            #expect(limited.json["message"] == "Rate limit exceeded for UPC lookup requests. Please try again later.")
            #expect(limited.header("Retry-After") != nil && limited.json["retryAfter"] == limited.header("Retry-After").map(JSONValue.string))
            for _ in 0..<2 {
                #expect(try await pantry.call(nil, .POST, "/api/auth/login", ["email": "owner@example.com", "password": "wrong password"]).status == 401)
            }
            let blocked = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "OWNER@example.com", "password": "correct horse battery"])
            #expect(blocked.status == 429 && blocked.json["limitType"] == "authentication", "failed logins are counted per e-mail")
        }
    }
}
