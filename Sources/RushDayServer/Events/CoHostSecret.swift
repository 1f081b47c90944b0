import Crypto
import Foundation

/// A co-host invitation secret: 32 random bytes, base64url without padding (43 characters).
enum CoHostSecret {
    static func make() -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        return bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
