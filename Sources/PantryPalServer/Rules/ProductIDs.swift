import Foundation
import HearthCore

/// Ids and generated UPCs of products.
enum ProductIDs {
    static func new() -> String { UUID().uuidString.lowercased() }

    private static let base32 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    /// `CUSTOM-<epoch ms>-<6 random base32>` (W13): unique even for two in one millisecond.
    static func customUPC(now: Timestamp) -> String {
        var generator = SystemRandomNumberGenerator()
        let suffix = String((0..<6).map { _ in base32[Int.random(in: 0..<base32.count, using: &generator)] })
        return "CUSTOM-\(now.millisecondsSince1970)-\(suffix)"
    }
}
