/// The default provider (spec §11, `local-hash-bow-v1`): a hashed bag of words and word
/// pairs, needing no network and giving the same vector for the same text everywhere.
///
/// Lower-case the text; split it into tokens at every scalar that is not a Unicode letter
/// (general category L*) or decimal digit (Nd); features are the tokens (weight 1.0) and
/// each adjacent pair joined by one space (weight 0.5); a feature's 64-bit FNV-1a hash over
/// its UTF-8 bytes picks the index (`h mod 768`) and the sign (+1 when the top bit is 0,
/// else −1); the sum is L2-normalised. No tokens → `nil`.
struct LocalHashEmbeddingProvider: EmbeddingProvider {
    static let modelID = "local-hash-bow-v1"
    var modelID: String { Self.modelID }

    func embed(_ text: String) async -> [Float]? { Self.vector(for: text) }

    static func vector(for text: String) -> [Float]? {
        let tokens = tokenize(text)
        guard !tokens.isEmpty else { return nil }
        var sums = [Double](repeating: 0, count: EmbeddingVector.dimensions)
        func add(_ feature: String, weight: Double) {
            let hash = fnv1a64(feature)
            let index = Int(hash % UInt64(EmbeddingVector.dimensions))
            sums[index] += hash >> 63 == 0 ? weight : -weight
        }
        for token in tokens { add(token, weight: 1.0) }
        for (first, second) in zip(tokens, tokens.dropFirst()) { add(first + " " + second, weight: 0.5) }
        let norm = sums.reduce(0) { $0 + $1 * $1 }.squareRoot()
        // Features can cancel out exactly; a zero vector has no direction to compare.
        guard norm > 0 else { return nil }
        return sums.map { Float($0 / norm) }
    }

    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if isTokenScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: true
        default: false
        }
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text`.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
