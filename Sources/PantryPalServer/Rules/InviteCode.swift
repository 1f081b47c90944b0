/// Invite codes (spec §2.2, W7): six characters from an alphabet without look-alikes
/// (no I, O, 0, 1), drawn from the system's cryptographic generator.
enum InviteCode {
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let length = 6
    static let lifetimeSeconds: Int64 = 24 * 3600
    static let maxAttempts = 5

    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
