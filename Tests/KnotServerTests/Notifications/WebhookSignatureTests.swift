import Crypto
import HearthCore
import Testing

@testable import KnotServer

/// The `Upstash-Signature` check (spec §9.4, §13 #61).
@Suite struct WebhookSignatureTests {
    static let url = "https://knot.example.com/api/v1/notifications/process"
    static let body = Array(#"{"notification_id":"n"}"#.utf8)
    static let now: Int64 = 1_790_000_000

    /// A token as QStash makes it, signed with `key`.
    static func token(
        key: String, claims: [String: JSONValue] = [:], body: [UInt8] = body, padBodyHash: Bool = false, algorithm: String = "HS256"
    ) -> String {
        var hash = Base64URL.encode(Array(SHA256.hash(data: body)))
        if padBodyHash { hash += "=" }
        var payload: [String: JSONValue] = [
            "iss": "Upstash", "sub": .string(url), "exp": .int(now + 300), "nbf": .int(now - 10), "iat": .int(now - 10),
            "jti": "jwt_1", "body": .string(hash),
        ]
        payload.merge(claims) { $1 }
        let input = Base64URL.encode(JSONValue.object(["alg": .string(algorithm), "typ": "JWT"]).serialized()) + "."
            + Base64URL.encode(JSONValue.object(payload).serialized())
        let signature = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: Array(key.utf8)))
        return input + "." + Base64URL.encode(signature)
    }

    let verifier = WebhookSignature(currentKey: "sig_current", nextKey: "sig_next")

    func check(_ token: String?, body: [UInt8] = body) -> WebhookSignature.Failure? {
        do throws(WebhookSignature.Failure) {
            try verifier.verify(token, url: Self.url, body: body, now: Self.now)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTokenSignedWithTheCurrentOrTheNextKeyPasses() {
        #expect(check(Self.token(key: "sig_current")) == nil)
        #expect(check(Self.token(key: "sig_next")) == nil)
        #expect(check(Self.token(key: "sig_current", padBodyHash: true)) == nil)
    }

    @Test func aWrongKeyOrNoTokenFails() {
        #expect(check(Self.token(key: "someone_else")) == .badSignature)
        #expect(check(nil) == .missing)
        #expect(check("not.a.jwt") == .malformed)
    }

    @Test func onlyHS256IsAcceptedWhateverTheHeaderClaims() {
        #expect(check(Self.token(key: "sig_current", algorithm: "none")) == .malformed)
        #expect(check(Self.token(key: "sig_current", algorithm: "HS512")) == .malformed)
    }

    @Test func anEmptyKeyNeverSigns() {
        let empty = WebhookSignature(currentKey: "", nextKey: nil)
        #expect(throws: WebhookSignature.Failure.notConfigured) {
            try empty.verify(Self.token(key: ""), url: Self.url, body: Self.body, now: Self.now)
        }
    }

    @Test func aBodyThatIsNotTheSignedOneFails() {
        #expect(check(Self.token(key: "sig_current"), body: Array(#"{"notification_id":"other"}"#.utf8)) == .bodyMismatch)
    }

    @Test func theIssuerURLAndTimeWindowAreChecked() {
        #expect(check(Self.token(key: "sig_current", claims: ["iss": "Someone"])) == .wrongClaims)
        #expect(check(Self.token(key: "sig_current", claims: ["sub": "https://evil.example/api/v1/notifications/process"])) == .wrongClaims)
        #expect(check(Self.token(key: "sig_current", claims: ["exp": .int(Self.now)])) == .expired)
        #expect(check(Self.token(key: "sig_current", claims: ["nbf": .int(Self.now + 60)])) == .expired)
    }

    @Test func withoutKeysEveryCallIsRefused() {
        let open = WebhookSignature(currentKey: nil, nextKey: nil)
        #expect(throws: WebhookSignature.Failure.notConfigured) {
            try open.verify(Self.token(key: "sig_current"), url: Self.url, body: Self.body, now: Self.now)
        }
    }
}
