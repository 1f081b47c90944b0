import Crypto
import Foundation
import GRPCCore

/// The `encoded_data` of a guest link (spec §4.5.2): base64url without padding of 34
/// bytes — version `0x01`, key id, the invitation's UUID (16 bytes), and the first 16
/// bytes of HMAC-SHA256(key, bytes 0–17). Always 46 characters; no personal data.
enum InvitationCode {
    static let version: UInt8 = 0x01
    static let byteCount = 34
    static let textLength = 46
    static let tagLength = 16

    /// A code that is well-formed; whether it is genuine ``isGenuine(_:ring:)`` decides.
    struct Parsed: Sendable, Hashable {
        let keyID: UInt8
        let invitationID: UUID
        let signed: [UInt8]
        let tag: [UInt8]

        /// The invitation id as stored (lower-case UUID text).
        var invitationIDText: String { invitationID.uuidString.lowercased() }
    }

    static func encode(invitationID: UUID, key: InvitationKey) -> String {
        let signed = signedBytes(keyID: key.id, invitationID: invitationID)
        return base64URL(signed + tag(signed, key: key))
    }

    /// Not base64url, the wrong length or an unknown version → `INVALID_ARGUMENT`.
    static func parse(_ text: String) throws(RPCError) -> Parsed {
        guard text.utf8.count == textLength,
            text.utf8.allSatisfy({ isBase64URL($0) }),
            let data = Data(base64Encoded: text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=="),
            data.count == byteCount,
            base64URL(Array(data)) == text  // one spelling per code: no unused low bits set
        else { throw RPCFailure.invalid("encoded_data", "not a guest invitation code") }
        let bytes = Array(data)
        guard bytes[0] == version else { throw RPCFailure.invalid("encoded_data", "unsupported invitation code version") }
        let uuid = bytes[2..<18]
        let invitationID = UUID(uuid: (
            uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7], uuid[8], uuid[9],
            uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15], uuid[16], uuid[17]))
        return Parsed(keyID: bytes[1], invitationID: invitationID, signed: Array(bytes[0..<18]), tag: Array(bytes[18...]))
    }

    /// Whether `parsed` was signed by a key of `ring` (compared in constant time).
    static func isGenuine(_ parsed: Parsed, ring: InvitationKeyRing) -> Bool {
        guard let key = ring.key(parsed.keyID) else { return false }
        let expected = tag(parsed.signed, key: key)
        var difference: UInt8 = 0
        for (left, right) in zip(expected, parsed.tag) { difference |= left ^ right }
        return difference == 0 && expected.count == parsed.tag.count
    }

    static func signedBytes(keyID: UInt8, invitationID: UUID) -> [UInt8] {
        let id = invitationID.uuid
        return [
            version, keyID, id.0, id.1, id.2, id.3, id.4, id.5, id.6, id.7, id.8, id.9, id.10, id.11, id.12, id.13, id.14, id.15,
        ]
    }

    static func tag(_ signed: [UInt8], key: InvitationKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: key.secret)).prefix(tagLength))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
