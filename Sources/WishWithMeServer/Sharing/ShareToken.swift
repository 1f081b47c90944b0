/// The secret of a share link: 32 characters drawn uniformly from `A–Z a–z 0–9` with the
/// system's cryptographic generator (about 190 bits).
enum ShareToken {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    static let length = 32

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// Whether `text` could be a token at all (checked before any lookup).
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
