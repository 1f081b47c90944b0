import AsyncHTTPClient
import Foundation
import HearthCore
import HearthIdentity
import HearthTesting
import Testing

/// Identity-token checks against a fake key endpoint on loopback (moved here from
/// PantryPal's Sign in with Apple tests, which this verifier now serves).
@Suite struct OpenIDConnectVerifierTests {
    static let clientID = "app.hearth.example"
    static let subject = "001234.abcdef.0042"

    /// Runs `body` with an Apple-configured verifier reading `server`'s keys.
    static func withVerifier(
        _ server: FakeKeySetServer, clientIDs: [String] = [clientID], nonce: NoncePolicy = .matchingWhenBothPresent,
        clock: ManualWallClock, _ body: @Sendable (OpenIDConnectVerifier) async throws -> Void
    ) async throws {
        try await server.run { url in
            let verifier = OpenIDConnectVerifier(
                configuration: .apple(clientIDs: clientIDs, keySetURL: url, nonce: nonce), http: .shared, clock: clock)
            try await body(verifier)
        }
    }

    /// Claims of a valid token for `clock`'s present.
    static func claims(_ clock: ManualWallClock, _ overrides: [String: JSONValue] = [:]) -> [String: JSONValue] {
        let now = clock.now.millisecondsSince1970 / 1000
        let base: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(clientID), "exp": .int(now + 600), "iat": .int(now),
            "sub": .string(subject), "email": "pat@example.com", "email_verified": true,
        ]
        return base.merging(overrides) { $1 }
    }

    @Test func aValidTokenNamesItsUserAndKeysAreFetchedOnce() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock))
            let identity = try await verifier.verify(identityToken: token, nonce: nil)
            #expect(
                identity == VerifiedIdentity(issuer: "https://appleid.apple.com", subject: Self.subject, email: "pat@example.com", emailVerified: true))
            _ = try await verifier.verify(identityToken: token, nonce: nil)
            #expect(server.requests == 1)
        }
    }

    @Test func emailVerifiedIsReadFromStringsAndDefaultsToFalse() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            let asString = try await key.sign(Self.claims(clock, ["email_verified": "true"]))
            #expect(try await verifier.verify(identityToken: asString, nonce: nil).emailVerified)
            let falseString = try await key.sign(Self.claims(clock, ["email_verified": "false"]))
            #expect(try await !verifier.verify(identityToken: falseString, nonce: nil).emailVerified)
            let absent = try await key.sign(Self.claims(clock, ["email_verified": nil, "email": "  "]))
            let identity = try await verifier.verify(identityToken: absent, nonce: nil)
            #expect(identity.emailVerified == false)
            #expect(identity.email == nil)
        }
    }

    @Test func onlyTokensForAConfiguredAudienceAreAccepted() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clientIDs: [Self.clientID, "app.hearth.web"], clock: clock) { verifier in
            let other = try await key.sign(Self.claims(clock, ["aud": "com.attacker.app"]))
            await #expect(throws: IdentityTokenFailure.wrongAudience) { try await verifier.verify(identityToken: other, nonce: nil) }
            let listed = try await key.sign(Self.claims(clock, ["aud": ["com.attacker.app", "app.hearth.web"]]))
            #expect(try await verifier.verify(identityToken: listed, nonce: nil).subject == Self.subject)
        }
    }

    @Test func tokensFromAnotherIssuerAreRejected() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock, ["iss": "https://appleid.apple.com.evil.example"]))
            await #expect(throws: IdentityTokenFailure.wrongIssuer) { try await verifier.verify(identityToken: token, nonce: nil) }
        }
    }

    @Test func googleAcceptsBothOfItsIssuerSpellingsAndNoOther() async throws {
        let key = try IdentityProviderKey(keyID: "G1")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await server.run { url in
            let verifier = OpenIDConnectVerifier(
                configuration: .google(clientIDs: [Self.clientID], keySetURL: url), http: .shared, clock: clock)
            for issuer in ["https://accounts.google.com", "accounts.google.com"] {
                let token = try await key.sign(Self.claims(clock, ["iss": .string(issuer), "nonce": "whatever"]))
                #expect(try await verifier.verify(identityToken: token, nonce: nil).issuer == issuer)
            }
            let apple = try await key.sign(Self.claims(clock))
            await #expect(throws: IdentityTokenFailure.wrongIssuer) { try await verifier.verify(identityToken: apple, nonce: nil) }
        }
    }

    @Test func expiryIsJudgedByTheInjectedClockWithSixtySecondsOfLeeway() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock))
            clock.advance(seconds: 600 + 59)
            #expect(try await verifier.verify(identityToken: token, nonce: nil).email == "pat@example.com")
            clock.advance(seconds: 1)
            await #expect(throws: IdentityTokenFailure.expired) { try await verifier.verify(identityToken: token, nonce: nil) }
            let noExpiry = try await key.sign(Self.claims(clock, ["exp": nil]))
            await #expect(throws: IdentityTokenFailure.unreadableClaims) { try await verifier.verify(identityToken: noExpiry, nonce: nil) }
        }
    }

    @Test func aTokenIssuedInTheFutureBeyondTheLeewayIsRejected() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            let now = clock.now.millisecondsSince1970 / 1000
            let soon = try await key.sign(Self.claims(clock, ["iat": .int(now + 59)]))
            #expect(try await verifier.verify(identityToken: soon, nonce: nil).subject == Self.subject)
            let later = try await key.sign(Self.claims(clock, ["iat": .int(now + 120)]))
            await #expect(throws: IdentityTokenFailure.issuedInTheFuture) { try await verifier.verify(identityToken: later, nonce: nil) }
        }
    }

    @Test func aTokenWithoutSubjectIsRejected() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            for subject: JSONValue in [nil, ""] {
                let token = try await key.sign(Self.claims(clock, ["sub": subject]))
                await #expect(throws: IdentityTokenFailure.noSubject) { try await verifier.verify(identityToken: token, nonce: nil) }
            }
        }
    }

    @Test func aSignatureFromAnotherKeyIsRejected() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let forger = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withVerifier(try FakeKeySetServer([key]), clock: clock) { verifier in
            let forged = try await forger.sign(Self.claims(clock))
            await #expect(throws: IdentityTokenFailure.badSignature) { try await verifier.verify(identityToken: forged, nonce: nil) }
            let genuine = try await key.sign(Self.claims(clock))
            let parts = genuine.split(separator: ".")
            let payload = IdentityProviderKey.base64URL(Data(#"{"iss":"https://appleid.apple.com","sub":"victim"}"#.utf8))
            await #expect(throws: IdentityTokenFailure.badSignature) {
                try await verifier.verify(identityToken: "\(parts[0]).\(payload).\(parts[2])", nonce: nil)
            }
        }
    }

    @Test func tokensNotSignedRS256AreRejectedBeforeAnyKeyIsFetched() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            let payload = IdentityProviderKey.base64URL(Data(JSONValue.object(Self.claims(clock)).serializedString().utf8))
            let unsigned = IdentityProviderKey.base64URL(Data(#"{"alg":"none","kid":"K1"}"#.utf8)) + ".\(payload)."
            let hmac = IdentityProviderKey.base64URL(Data(#"{"alg":"HS256","kid":"K1"}"#.utf8)) + ".\(payload).c2lnbmF0dXJl"
            let noKeyID = IdentityProviderKey.base64URL(Data(#"{"alg":"RS256"}"#.utf8)) + ".\(payload).c2lnbmF0dXJl"
            for token in [unsigned, hmac, noKeyID] {
                await #expect(throws: IdentityTokenFailure.unsupportedAlgorithm) { try await verifier.verify(identityToken: token, nonce: nil) }
            }
            for garbage in ["", "not a token", "a.b", "a.b.c.d", String(repeating: "x", count: 20_000)] {
                await #expect(throws: IdentityTokenFailure.malformed) { try await verifier.verify(identityToken: garbage, nonce: nil) }
            }
            #expect(server.requests == 0)
        }
    }

    @Test func anUnknownKeyIDIsRejectedAfterAtMostOneRefetch() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let stranger = try IdentityProviderKey(keyID: "K-unknown")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            let unknown = try await stranger.sign(Self.claims(clock))
            await #expect(throws: IdentityTokenFailure.unknownKey) { try await verifier.verify(identityToken: unknown, nonce: nil) }
            #expect(server.requests == 1)
            // Made-up key ids in quick succession do not make Hearth ask the provider again.
            for _ in 0..<5 {
                await #expect(throws: IdentityTokenFailure.unknownKey) { try await verifier.verify(identityToken: unknown, nonce: nil) }
            }
            #expect(server.requests == 1)
            clock.advance(seconds: 31)
            await #expect(throws: IdentityTokenFailure.unknownKey) { try await verifier.verify(identityToken: unknown, nonce: nil) }
            #expect(server.requests == 2)
        }
    }

    @Test func aRotatedKeyIsFetchedWhenATokenNamesIt() async throws {
        let old = try IdentityProviderKey(keyID: "K1")
        let new = try IdentityProviderKey(keyID: "K2")
        let server = try FakeKeySetServer([old])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            _ = try await verifier.verify(identityToken: try await old.sign(Self.claims(clock)), nonce: nil)
            try server.publish([new])
            clock.advance(seconds: 60)
            #expect(try await verifier.verify(identityToken: try await new.sign(Self.claims(clock)), nonce: nil).subject == Self.subject)
            #expect(server.requests == 2)
        }
    }

    @Test func keysAreCachedForAnHourAndKeptWhenTheProviderIsDown() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), nonce: nil)
            clock.advance(seconds: 3599)
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), nonce: nil)
            #expect(server.requests == 1)
            clock.advance(seconds: 2)
            server.fail()
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), nonce: nil)
            #expect(server.requests == 2)
        }
    }

    @Test func noReachableKeysMeansKeysUnavailable() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let server = try FakeKeySetServer([key])
        server.fail()
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock))
            await #expect(throws: IdentityTokenFailure.keysUnavailable) { try await verifier.verify(identityToken: token, nonce: nil) }
            try server.publish([key])
            clock.advance(seconds: 31)
            #expect(try await verifier.verify(identityToken: token, nonce: nil).subject == Self.subject)
        }
    }

    @Test func withoutAudiencesNothingIsAcceptedOrFetched() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let server = try FakeKeySetServer([key])
        let clock = ManualWallClock()
        try await Self.withVerifier(server, clientIDs: [" "], clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock))
            await #expect(throws: IdentityTokenFailure.notConfigured) { try await verifier.verify(identityToken: token, nonce: nil) }
            #expect(server.requests == 0)
        }
    }

    @Test func theNoncePolicyIsAppliedToVerifiedTokens() async throws {
        let key = try IdentityProviderKey(keyID: "K1")
        let clock = ManualWallClock()
        let hashed = SHA256Hex.of("raw123")
        try await Self.withVerifier(try FakeKeySetServer([key]), nonce: .hashedBothOrNeither, clock: clock) { verifier in
            let token = try await key.sign(Self.claims(clock, ["nonce": .string(hashed)]))
            #expect(try await verifier.verify(identityToken: token, nonce: "raw123").subject == Self.subject)
            await #expect(throws: IdentityTokenFailure.nonceMismatch) { try await verifier.verify(identityToken: token, nonce: "other") }
            await #expect(throws: IdentityTokenFailure.nonceMissing) { try await verifier.verify(identityToken: token, nonce: nil) }
        }
    }
}
