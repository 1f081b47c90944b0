import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import NIOPosix
import HummingbirdBcrypt
import Testing

/// The auth core: access tokens, refresh rotation with reuse detection, throttling.
@Suite struct AuthTests {
    @Test(arguments: TestEngine.available)
    func anAccessTokenOpensProtectedRoutesOfItsOwnAppOnly(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp(), NotesTestApp(name: "other")]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let me = try await server.request(.GET, "/notes/me", headers: alice.bearer)
            #expect(me.json == ["id": .string(alice.id)])
            let elsewhere = try await server.request(.GET, "/other/me", headers: alice.bearer)
            #expect(elsewhere.status == 401)
            let forged = try await server.request(.GET, "/notes/me", headers: [("Authorization", "Bearer \(alice.accessToken)x")])
            #expect(forged.status == 401)
            #expect(try await server.request(.GET, "/notes/me").status == 401)
        }
    }

    @Test func accessTokensExpireAfterTheirLifetime() async throws {
        let clock = ManualWallClock()
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()], clock: clock) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            clock.advance(seconds: 14 * 60)
            #expect(try await server.request(.GET, "/notes/me", headers: alice.bearer).status == 200)
            clock.advance(seconds: 61)
            let expired = try await server.request(.GET, "/notes/me", headers: alice.bearer)
            #expect(expired.status == 401)
            #expect(expired.json["code"] == "TOKEN_EXPIRED")
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshRotatesAndAReusedOldTokenRevokesTheWholeFamily(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], clock: clock) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let first = try await refresh(server, alice.refreshToken)
            #expect(first.status == 200)
            let second = try await refresh(server, try #require(first.json["refresh_token"]?.stringValue))
            #expect(second.status == 200)
            clock.advance(seconds: 31)
            // The original token was rotated long ago: someone replayed it.
            #expect(try await refresh(server, alice.refreshToken).status == 401)
            // ... so the newest token of that family is dead too.
            #expect(try await refresh(server, try #require(second.json["refresh_token"]?.stringValue)).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func twoConcurrentRefreshesOfOneDeviceBothSucceed(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            async let one = refresh(server, alice.refreshToken)
            async let two = refresh(server, alice.refreshToken)
            let (first, second) = try await (one, two)
            #expect(first.status == 200)
            #expect(second.status == 200)
            for response in [first, second] {
                let next = try #require(response.json["refresh_token"]?.stringValue)
                #expect(try await refresh(server, next).status == 200)
            }
        }
    }

    @Test func theGraceWindowAdmitsOneReuseNotAStreamOfTokens() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let first = try await refresh(server, alice.refreshToken)
            #expect(first.status == 200)
            #expect(try await refresh(server, alice.refreshToken).status == 200)
            #expect(try await refresh(server, alice.refreshToken).status == 401)
            // The third presentation counted as theft: the whole family is gone.
            #expect(try await refresh(server, try #require(first.json["refresh_token"]?.stringValue)).status == 401)
        }
    }

    @Test func aRotatedTokenIsNoLongerAcceptedAfterTheGraceWindow() async throws {
        let clock = ManualWallClock()
        var configuration = TestServer.testConfiguration()
        configuration.refreshReuseGraceSeconds = 5
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()], configuration: configuration, clock: clock) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            #expect(try await refresh(server, alice.refreshToken).status == 200)
            clock.advance(seconds: 6)
            #expect(try await refresh(server, alice.refreshToken).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func logoutRevokesTheFamilyAndTokensAreStoredOnlyAsHashes(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let stored = try await server.platform.database.read { executor in
                try await executor.query("SELECT token_hash FROM hearth_refresh_tokens", []).map { try $0.string("token_hash") }
            }
            #expect(stored.count == 1)
            #expect(!stored.contains(alice.refreshToken))
            let logout = try await server.request(.POST, "/notes/auth/logout", json: ["refresh_token": .string(alice.refreshToken)])
            #expect(logout.status == 204)
            #expect(try await refresh(server, alice.refreshToken).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func authRoutesAreThrottledPerAddressWithRetryAfter(engine: TestEngine) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.authRequestsPerMinutePerAddress = 3
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], configuration: configuration) { (server: TestServer) async throws in
            for attempt in 1...3 {
                let response = try await login(server, "nobody@example.com", from: "203.0.113.7")
                #expect(response.status == 401, "attempt \(attempt)")
            }
            let limited = try await login(server, "nobody@example.com", from: "203.0.113.7")
            #expect(limited.status == 429)
            #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
            #expect(limited.json["code"] == "RATE_LIMITED")
            // Another client behind the same trusted proxy is unaffected.
            #expect(try await login(server, "nobody@example.com", from: "198.51.100.1").status == 401)
            // Non-auth routes are never throttled.
            #expect(try await server.request(.GET, "/notes/health").status == 200)
        }
    }

    /// Rotating addresses inside one IPv6 /64 (which one subscriber holds whole) gains nothing.
    @Test(arguments: TestEngine.available)
    func anIPv6NetworkIsThrottledAsOneAddress(engine: TestEngine) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.authRequestsPerMinutePerAddress = 2
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], configuration: configuration) { (server: TestServer) async throws in
            #expect(try await login(server, "a@example.com", from: "2001:db8:1:2::1").status == 401)
            #expect(try await login(server, "b@example.com", from: "2001:db8:1:2:ffff::9").status == 401)
            #expect(try await login(server, "c@example.com", from: "2001:db8:1:2:abcd::7").status == 429)
            #expect(try await login(server, "d@example.com", from: "2001:db8:1:3::1").status == 401, "the next /64 is someone else")
        }
    }

    @Test func addressBucketsAreIPv4AddressesAndIPv6Networks() {
        #expect(AddressBucket.key(for: "203.0.113.7") == "203.0.113.7")
        #expect(AddressBucket.key(for: "::ffff:203.0.113.7") == "203.0.113.7")
        #expect(AddressBucket.key(for: "2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
        #expect(AddressBucket.key(for: "2001:0db8:0001:0002::") == "2001:db8:1:2::/64")
        #expect(AddressBucket.key(for: nil) == "unknown")
    }

    @Test(arguments: TestEngine.available)
    func authRoutesAreThrottledPerAccountAcrossAddresses(engine: TestEngine) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.authRequestsPerMinutePerAccount = 2
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], configuration: configuration) { (server: TestServer) async throws in
            #expect(try await login(server, "victim@example.com", from: "203.0.113.1").status == 401)
            #expect(try await login(server, "Victim@example.com", from: "203.0.113.2").status == 401)
            #expect(try await login(server, "victim@example.com", from: "203.0.113.3").status == 429)
            #expect(try await login(server, "someone@example.com", from: "203.0.113.3").status == 401)
        }
    }

    @Test func passwordsArePrehashedBcryptHashesThatVerify() async throws {
        let hasher = PasswordHasher(cost: 10, threadPool: .singleton)
        let hash = try await hasher.hash("correct horse")
        #expect(hash.hasPrefix("sha256+$2b$10$") || hash.hasPrefix("sha256+$2a$10$") || hash.hasPrefix("sha256+$2y$10$"))
        #expect(try await hasher.verify("correct horse", against: hash))
        #expect(try await !hasher.verify("wrong horse", against: hash))
        #expect(try await !hasher.verify("correct horse", against: "not a hash"))
        #expect(!hasher.needsRehash(hash))
    }

    @Test func everyByteOfALongPasswordCounts() async throws {
        let hasher = PasswordHasher(cost: 4, threadPool: .singleton)
        let base = String(repeating: "a", count: 80)
        let hash = try await hasher.hash(base + "1")
        #expect(try await !hasher.verify(base + "2", against: hash), "plain bcrypt ignores bytes past 72")
    }

    @Test func plainBcryptHashesFromAnImportStillVerifyAndAskForARehash() async throws {
        let hasher = PasswordHasher(cost: 4, threadPool: .singleton)
        let legacy = Bcrypt.hash("correct horse", cost: 4)
        #expect(try await hasher.verify("correct horse", against: legacy))
        #expect(hasher.needsRehash(legacy))
    }

    private func refresh(_ server: TestServer, _ token: String) async throws -> TestResponse {
        try await server.request(.POST, "/notes/auth/refresh", json: ["refresh_token": .string(token)])
    }

    private func login(_ server: TestServer, _ email: String, from address: String) async throws -> TestResponse {
        try await server.request(
            .POST, "/notes/auth/login", json: ["email": .string(email), "password": "guess"],
            headers: [("X-Forwarded-For", "10.9.9.9, \(address)")])
    }
}

@Suite struct ClientAddressTests {
    let resolver = ClientAddressResolver(trustedProxies: ["127.0.0.0/8", "10.0.0.0/8", "::1/128"].compactMap(IPRange.init))

    @Test func aDirectClientIsItsPeerWhateverItClaims() {
        #expect(resolver.clientAddress(peer: "203.0.113.9", forwardedFor: ["1.2.3.4"]) == "203.0.113.9")
    }

    @Test func behindATrustedProxyTheRightMostUntrustedHopIsTheClient() {
        #expect(resolver.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 203.0.113.9, 10.1.1.1"]) == "203.0.113.9")
        #expect(resolver.clientAddress(peer: "::1", forwardedFor: ["6.6.6.6", "203.0.113.9"]) == "203.0.113.9")
        #expect(resolver.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(resolver.clientAddress(peer: "127.0.0.1", forwardedFor: ["garbage"]) == "127.0.0.1")
    }

    @Test func rangesMatchByPrefix() throws {
        let range = try #require(IPRange("192.168.0.0/16"))
        #expect(range.contains("192.168.44.1"))
        #expect(!range.contains("192.169.0.1"))
        #expect(try #require(IPRange("::ffff:0:0/96")).contains("::ffff:1.2.3.4"))
        #expect(try #require(IPRange("10.0.0.0/8")).contains("::ffff:10.2.3.4"))
        #expect(IPRange("300.1.1.1") == nil)
        #expect(IPRange("10.0.0.0/33") == nil)
    }
}
