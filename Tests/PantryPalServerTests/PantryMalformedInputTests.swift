import Foundation
import HearthCore
import HearthTesting
import Testing

/// Bad input gets a clear 4xx in PantryPal's error shape and changes nothing.
@Suite struct PantryMalformedInputTests {
    @Test(arguments: TestEngine.available)
    func brokenJSONOversizedBodiesAndUnknownRoutesAreClearErrors(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let auth = [("Authorization", "Bearer \(owner.token)")]
            let broken = try await pantry.server.request(.POST, "/api/grocery", headers: auth, body: Array(#"{"name": "Eggs""#.utf8))
            #expect(broken.status == 400 && broken.json == ["error": "Invalid JSON body"])
            let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            let deep = try await pantry.server.request(.POST, "/api/grocery", headers: auth, body: Array(#"{"name": \#(nested)}"#.utf8))
            #expect(deep.status == 400)
            let huge = try await pantry.call(owner, .POST, "/api/grocery", ["name": .string(String(repeating: "a", count: 200_000))])
            #expect(huge.status == 413)
            let wrongType = try await pantry.call(owner, .POST, "/api/grocery", ["name": 5])
            #expect(wrongType.status == 400)
            #expect(try await pantry.call(owner, .GET, "/api/grocery").json == [])
            let unknown = try await pantry.call(owner, .GET, "/api/nothing-here")
            #expect(unknown.status == 404 && unknown.json == ["error": "Not found"])
            let health = try await pantry.call(nil, .GET, "/health")
            #expect(health.json["status"] == "ok")
            #expect(try await pantry.call(nil, .GET, "/api").json["name"] == "PantryPal API")
        }
    }
}
