import Foundation
import HearthCore

/// The `alg` and `kid` of a compact JWT, read before any key is chosen.
public struct CompactJWTHeader: Sendable, Hashable {
    public var algorithm: String
    public var keyID: String?

    /// Nil unless `token` has three dot-separated parts and a JSON object header with `alg`.
    public init?(token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = Self.base64URLDecoded(parts[0]),
            let header = try? JSONParser(limits: .init(maxBytes: 4096, maxDepth: 4, maxStringBytes: 1024)).parse(bytes),
            let algorithm = header["alg"]?.stringValue
        else { return nil }
        self.algorithm = algorithm
        keyID = header["kid"]?.stringValue
    }

    private static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}
