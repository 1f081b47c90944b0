import Crypto
import HearthServer

/// A PKCE code challenge sent with `/signup`, `/otp` or `PUT /user` (research doc D1.3,
/// §5.2): both SDKs send `code_challenge_method: "s256"`. Checked when the flow's auth
/// code is exchanged by the `pkce` grant.
struct PKCEChallenge: Sendable, Hashable {
    enum Method: String, Sendable {
        case s256
        case plain
    }

    var challenge: String
    var method: Method

    /// The challenge of a request body; `nil` when it has none. Half a pair, a method
    /// other than `s256`/`plain` (any case), or a challenge that is not 43–128 characters
    /// of `[A-Za-z0-9._~-]` is a 400 `validation_failed`.
    static func from(_ body: AuthRequestBody) throws(GoTrueError) -> PKCEChallenge? {
        let challenge = try body.nonEmptyString("code_challenge", maxBytes: 256)
        let methodText = try body.nonEmptyString("code_challenge_method", maxBytes: 32)
        switch (challenge, methodText) {
        case (nil, nil): return nil
        case (let challenge?, let methodText?):
            guard let method = Method(rawValue: methodText.lowercased()) else {
                throw .validation("Code challenge method not supported")
            }
            guard (43...128).contains(challenge.utf8.count), challenge.utf8.allSatisfy(Self.isAllowed) else {
                throw .validation("PKCE flow requires code_challenge_method and code_challenge")
            }
            return PKCEChallenge(challenge: challenge, method: method)
        default:
            throw .validation("PKCE flow requires code_challenge_method and code_challenge")
        }
    }

    /// Whether `verifier` is the one this challenge was made from.
    func isSatisfied(by verifier: String) -> Bool {
        switch method {
        case .s256: ConstantTime.equal(Base64URL.encode(SHA256.hash(data: Array(verifier.utf8))), challenge)
        case .plain: ConstantTime.equal(verifier, challenge)
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
