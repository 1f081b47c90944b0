/// Turns text into a 768-dimension vector for hint search (spec §11).
///
/// `nil` means "no vector now" (provider unreachable, empty text, wrong dimension): hints
/// are then stored without one and retrieval falls back to newest-first. Vectors of
/// different providers are never compared; ``modelID`` is stored beside each vector.
protocol EmbeddingProvider: Sendable {
    var modelID: String { get }
    func embed(_ text: String) async -> [Float]?
}

/// The stored form of vectors and the similarity between them.
enum EmbeddingVector {
    /// Every provider's dimension [FACT].
    static let dimensions = 768

    /// 768 little-endian float32 values (spec §3.4), on both engines.
    static func encode(_ vector: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern.littleEndian
            withUnsafeBytes(of: bits) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The vector of a stored blob; `nil` unless it holds exactly ``dimensions`` finite values.
    static func decode(_ bytes: [UInt8]) -> [Float]? {
        guard bytes.count == dimensions * 4 else { return nil }
        var vector: [Float] = []
        vector.reserveCapacity(dimensions)
        for start in stride(from: 0, to: bytes.count, by: 4) {
            let bits =
                UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
                | UInt32(bytes[start + 3]) << 24
            let value = Float(bitPattern: bits)
            guard value.isFinite else { return nil }
            vector.append(value)
        }
        return vector
    }

    /// Cosine similarity, computed in `Double` in index order, so the same two vectors give
    /// the same number whichever engine stored them; 0 when either has no length.
    static func cosine(_ lhs: [Float], _ rhs: [Float]) -> Double {
        guard lhs.count == rhs.count else { return 0 }
        var dot = 0.0
        var leftNorm = 0.0
        var rightNorm = 0.0
        for index in lhs.indices {
            let left = Double(lhs[index])
            let right = Double(rhs[index])
            dot += left * right
            leftNorm += left * left
            rightNorm += right * right
        }
        guard leftNorm > 0, rightNorm > 0 else { return 0 }
        return dot / (leftNorm.squareRoot() * rightNorm.squareRoot())
    }

    /// Whether a provider's answer can be stored: the right dimension, all values finite.
    static func isUsable(_ vector: [Float]) -> Bool {
        vector.count == dimensions && vector.allSatisfy(\.isFinite)
    }
}
