import Crypto
import HearthCore

/// How the `nonce` a caller sends beside an identity token is compared with the token's.
///
/// Apps hand the provider the SHA-256 hex of a raw nonce and keep the raw one, which
/// proves the token was minted for this sign-in attempt.
public enum NoncePolicy: Sendable, Hashable {
    /// PantryPal's rule: checked only when both sides have one; the token's nonce equals
    /// the caller's or its SHA-256 hex.
    case matchingWhenBothPresent
    /// GoTrue's rule (Knot): both or neither; when both, the token's nonce must be the
    /// lower-case SHA-256 hex of the caller's raw nonce.
    case hashedBothOrNeither
    /// Not checked (Knot's Google sign-in, as the original ran it).
    case unchecked

    /// Throws when `tokenNonce` and `callerNonce` do not satisfy the policy. Empty strings
    /// count as absent.
    public func check(tokenNonce: String?, callerNonce: String?) throws(IdentityTokenFailure) {
        let token = tokenNonce.flatMap { $0.isEmpty ? nil : $0 }
        let caller = callerNonce.flatMap { $0.isEmpty ? nil : $0 }
        switch self {
        case .unchecked:
            return
        case .matchingWhenBothPresent:
            guard let token, let caller else { return }
            guard token == caller || token == Self.sha256Hex(caller) else { throw .nonceMismatch }
        case .hashedBothOrNeither:
            switch (token, caller) {
            case (nil, nil): return
            case (let token?, let caller?): guard token == Self.sha256Hex(caller) else { throw .nonceMismatch }
            default: throw .nonceMissing
            }
        }
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).hexString
    }
}
