import Crypto
import Foundation
import HearthCore

/// The secrets of Knot's auth, all from one root: the operator's JWT secret
/// (`HEARTH_KNOT_AUTH_JWT_SECRET`) or, without one, the app's key derived from Hearth's
/// signing secret.
///
/// Access tokens are signed with the root itself, so anything else holding the operator's
/// secret (a real PostgREST, say) verifies them. The other keys are derived from it
/// (HKDF-SHA256, one label each) so that no two uses share a key.
struct KnotAuthKeys: Sendable {
    /// HS256 key of access tokens.
    let jwt: SymmetricKey
    /// Turns a refresh-token row id into the token (see ``AuthSessionStore``).
    let refreshTokens: SymmetricKey
    /// Keys the stored hashes of emailed one-time codes, which are too short to store as a
    /// plain hash: six digits are guessed from a SHA-256 in a moment.
    let oneTimeCodes: SymmetricKey

    init(root: [UInt8]) {
        jwt = SymmetricKey(data: root)
        refreshTokens = Self.derive(root, "knot-auth:refresh-token")
        oneTimeCodes = Self.derive(root, "knot-auth:one-time-code")
    }

    private static func derive(_ root: [UInt8], _ label: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: root), info: Array(label.utf8), outputByteCount: 32)
    }

    /// The refresh token of the refresh-token row `rowID`: 256 bits nobody can compute
    /// without the key, recomputable by the server, which stores only its SHA-256.
    func refreshToken(forRow rowID: String) -> String {
        Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(rowID.utf8), using: refreshTokens))
    }

    /// The stored form of a one-time code sent to `email`.
    func codeHash(_ code: String, email: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Array("\(email.lowercased())\u{0}\(code)".utf8), using: oneTimeCodes).hexString
    }
}
