import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import Testing

@testable import PantryPalServer

/// Sign in with Apple token checks (spec W14), against a fake Apple key endpoint on loopback.
@Suite struct AppleKeySetVerifierTests {
    static let clientID = "app.hearth.pantrypal"

    /// Runs `body` with a verifier reading `published` from a fake Apple.
    static func withApple(
        _ published: PublishedKeys, clientIDs: [String] = [clientID], clock: ManualWallClock = ManualWallClock(),
        _ body: @Sendable (AppleKeySetVerifier, FakeUpstream) async throws -> Void
    ) async throws {
        try await FakeUpstream.run(respond: { _ in published.answer }) { apple in
            let verifier = AppleKeySetVerifier(
                keySetURL: "\(apple.baseURL)/auth/keys", clientIDs: clientIDs, http: .shared, clock: clock)
            try await body(verifier, apple)
        }
    }

    /// Claims of a valid token for `clock`'s present.
    static func claims(_ clock: ManualWallClock, _ overrides: [String: JSONValue] = [:]) -> [String: JSONValue] {
        let now = clock.now.millisecondsSince1970 / 1000
        let base: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(clientID), "exp": .int(now + 600), "iat": .int(now),
            "sub": "001234.abcdef.0042", "email": "pat@example.com", "email_verified": true,
        ]
        return base.merging(overrides) { $1 }
    }

    @Test func aValidTokenNamesTheAppleUser() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, apple in
            let token = try await key.sign(Self.claims(clock))
            let identity = try await verifier.verify(identityToken: token, expectedNonce: nil)
            #expect(identity == AppleIdentity(subject: "001234.abcdef.0042", email: "pat@example.com", emailVerified: true))
            _ = try await verifier.verify(identityToken: token, expectedNonce: nil)
            #expect(apple.requests.map(\.path) == ["/auth/keys"])
        }
    }

    @Test func emailVerifiedIsReadFromStringsAndDefaultsToFalse() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, _ in
            let asString = try await key.sign(Self.claims(clock, ["email_verified": "true"]))
            #expect(try await verifier.verify(identityToken: asString, expectedNonce: nil).emailVerified)
            let falseString = try await key.sign(Self.claims(clock, ["email_verified": "false"]))
            #expect(try await !verifier.verify(identityToken: falseString, expectedNonce: nil).emailVerified)
            let absent = try await key.sign(Self.claims(clock, ["email_verified": nil, "email": "  "]))
            let identity = try await verifier.verify(identityToken: absent, expectedNonce: nil)
            #expect(identity.emailVerified == false)
            #expect(identity.email == nil)
        }
    }

    @Test func onlyTokensForAConfiguredClientAreAccepted() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clientIDs: [Self.clientID, "app.hearth.web"], clock: clock) { verifier, _ in
            let other = try await key.sign(Self.claims(clock, ["aud": "com.attacker.app"]))
            await #expect(throws: AppleSignInFailure.invalidToken("wrong audience")) {
                try await verifier.verify(identityToken: other, expectedNonce: nil)
            }
            let listed = try await key.sign(Self.claims(clock, ["aud": ["com.attacker.app", "app.hearth.web"]]))
            #expect(try await verifier.verify(identityToken: listed, expectedNonce: nil).subject == "001234.abcdef.0042")
        }
    }

    @Test func tokensFromAnotherIssuerAreRejected() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, _ in
            let token = try await key.sign(Self.claims(clock, ["iss": "https://appleid.apple.com.evil.example"]))
            await #expect(throws: AppleSignInFailure.invalidToken("wrong issuer")) {
                try await verifier.verify(identityToken: token, expectedNonce: nil)
            }
        }
    }

    @Test func expiryIsJudgedByTheInjectedClock() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, _ in
            let token = try await key.sign(Self.claims(clock))
            #expect(try await verifier.verify(identityToken: token, expectedNonce: nil).email == "pat@example.com")
            clock.advance(seconds: 600)
            await #expect(throws: AppleSignInFailure.invalidToken("expired")) {
                try await verifier.verify(identityToken: token, expectedNonce: nil)
            }
            let noExpiry = try await key.sign(Self.claims(clock, ["exp": nil]))
            await #expect(throws: AppleSignInFailure.invalidToken("unreadable claims")) {
                try await verifier.verify(identityToken: noExpiry, expectedNonce: nil)
            }
        }
    }

    @Test func aSignatureFromAnotherKeyIsRejected() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let forger = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, _ in
            let forged = try await forger.sign(Self.claims(clock))
            await #expect(throws: AppleSignInFailure.invalidToken("bad signature")) {
                try await verifier.verify(identityToken: forged, expectedNonce: nil)
            }
            let genuine = try await key.sign(Self.claims(clock))
            let parts = genuine.split(separator: ".")
            let tampered = "\(parts[0]).\(AppleTestKey.base64URL(Data(#"{"iss":"https://appleid.apple.com","sub":"victim"}"#.utf8))).\(parts[2])"
            await #expect(throws: AppleSignInFailure.invalidToken("bad signature")) {
                try await verifier.verify(identityToken: tampered, expectedNonce: nil)
            }
        }
    }

    @Test func tokensNotSignedRS256AreRejectedBeforeAnyKeyIsFetched() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, apple in
            let payload = AppleTestKey.base64URL(Data(JSONValue.object(Self.claims(clock)).serializedString().utf8))
            let unsigned = AppleTestKey.base64URL(Data(#"{"alg":"none","kid":"K1"}"#.utf8)) + ".\(payload)."
            let hmac = AppleTestKey.base64URL(Data(#"{"alg":"HS256","kid":"K1"}"#.utf8)) + ".\(payload).c2lnbmF0dXJl"
            for token in [unsigned, hmac] {
                await #expect(throws: AppleSignInFailure.self) { try await verifier.verify(identityToken: token, expectedNonce: nil) }
            }
            for garbage in ["", "not a token", "a.b", "a.b.c.d", String(repeating: "x", count: 20_000)] {
                await #expect(throws: AppleSignInFailure.invalidToken("malformed token")) {
                    try await verifier.verify(identityToken: garbage, expectedNonce: nil)
                }
            }
            #expect(apple.requests.isEmpty)
        }
    }

    @Test func anUnknownKeyIDIsRejectedAfterAtMostOneRefetch() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let stranger = try AppleTestKey(keyID: "K-unknown")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, apple in
            let unknown = try await stranger.sign(Self.claims(clock))
            await #expect(throws: AppleSignInFailure.invalidToken("unknown key id")) {
                try await verifier.verify(identityToken: unknown, expectedNonce: nil)
            }
            #expect(apple.requests.count == 1)
            // Made-up key ids in quick succession do not make Hearth ask Apple again.
            for _ in 0..<5 {
                await #expect(throws: AppleSignInFailure.invalidToken("unknown key id")) {
                    try await verifier.verify(identityToken: unknown, expectedNonce: nil)
                }
            }
            #expect(apple.requests.count == 1)
            clock.advance(seconds: 31)
            await #expect(throws: AppleSignInFailure.invalidToken("unknown key id")) {
                try await verifier.verify(identityToken: unknown, expectedNonce: nil)
            }
            #expect(apple.requests.count == 2)
        }
    }

    @Test func aRotatedKeyIsFetchedWhenATokenNamesIt() async throws {
        let old = try AppleTestKey(keyID: "K1")
        let new = try AppleTestKey(keyID: "K2")
        let clock = ManualWallClock()
        let published = try PublishedKeys([old])
        try await Self.withApple(published, clock: clock) { verifier, apple in
            _ = try await verifier.verify(identityToken: try await old.sign(Self.claims(clock)), expectedNonce: nil)
            try published.publish([new])
            clock.advance(seconds: 60)
            let identity = try await verifier.verify(identityToken: try await new.sign(Self.claims(clock)), expectedNonce: nil)
            #expect(identity.subject == "001234.abcdef.0042")
            #expect(apple.requests.count == 2)
        }
    }

    @Test func keysAreCachedForAnHourAndKeptWhenAppleIsDown() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        let published = try PublishedKeys([key])
        try await Self.withApple(published, clock: clock) { verifier, apple in
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), expectedNonce: nil)
            clock.advance(seconds: 3599)
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), expectedNonce: nil)
            #expect(apple.requests.count == 1)
            clock.advance(seconds: 2)
            published.fail()
            _ = try await verifier.verify(identityToken: try await key.sign(Self.claims(clock)), expectedNonce: nil)
            #expect(apple.requests.count == 2)
        }
    }

    @Test func noReachableKeysMeansKeysUnavailable() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        let published = try PublishedKeys([key])
        published.fail()
        try await Self.withApple(published, clock: clock) { verifier, _ in
            let token = try await key.sign(Self.claims(clock))
            await #expect(throws: AppleSignInFailure.keysUnavailable) { try await verifier.verify(identityToken: token, expectedNonce: nil) }
            try published.publish([key])
            clock.advance(seconds: 31)
            #expect(try await verifier.verify(identityToken: token, expectedNonce: nil).subject == "001234.abcdef.0042")
        }
    }

    @Test func theNonceMustMatchWhenBothSidesHaveOne() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        let raw = "n-0nce-raw"
        let hashed = SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
        try await Self.withApple(try PublishedKeys([key]), clock: clock) { verifier, _ in
            let plain = try await key.sign(Self.claims(clock, ["nonce": .string(raw)]))
            _ = try await verifier.verify(identityToken: plain, expectedNonce: raw)
            _ = try await verifier.verify(identityToken: plain, expectedNonce: nil)
            let hashedToken = try await key.sign(Self.claims(clock, ["nonce": .string(hashed)]))
            _ = try await verifier.verify(identityToken: hashedToken, expectedNonce: raw)
            await #expect(throws: AppleSignInFailure.invalidToken("nonce mismatch")) {
                try await verifier.verify(identityToken: plain, expectedNonce: "another-nonce")
            }
            await #expect(throws: AppleSignInFailure.invalidToken("nonce mismatch")) {
                try await verifier.verify(identityToken: hashedToken, expectedNonce: hashed + "0")
            }
        }
    }

    @Test func withoutClientIDsNothingIsAcceptedOrFetched() async throws {
        let key = try AppleTestKey(keyID: "K1")
        let clock = ManualWallClock()
        try await Self.withApple(try PublishedKeys([key]), clientIDs: [" "], clock: clock) { verifier, apple in
            let token = try await key.sign(Self.claims(clock))
            await #expect(throws: AppleSignInFailure.notConfigured) { try await verifier.verify(identityToken: token, expectedNonce: nil) }
            #expect(apple.requests.isEmpty)
        }
    }
}
