import HearthCore
import HearthServer

/// Where the key ring comes from: the configured keys (``RushDaySettings/invitationKeys``),
/// or, when none are configured, one random key made on first use and kept by the
/// platform's ``ServerKeyStore`` — the mechanism of the signing secret — so every process
/// on one database signs and accepts the same links. A generated key stays accepted (as id
/// 0, unless a configured key claims that id) after keys are configured, so links already
/// sent keep working.
actor InvitationKeys {
    static let generatedKeyName = "rushday-guest-invitation-key"
    static let generatedKeyID: UInt8 = 0

    private let configured: [InvitationKey]
    private let serverKeys: ServerKeyStore
    private var resolved: InvitationKeyRing?

    init(configured: [InvitationKey], serverKeys: ServerKeyStore) {
        self.configured = configured
        self.serverKeys = serverKeys
    }

    func ring() async throws -> InvitationKeyRing {
        if let resolved { return resolved }
        let ring: InvitationKeyRing
        if let current = configured.first {
            var others = Array(configured.dropFirst())
            if !configured.contains(where: { $0.id == Self.generatedKeyID }),
                let generated = try await serverKeys.existingKey(named: Self.generatedKeyName)
            {
                others.append(InvitationKey(id: Self.generatedKeyID, secret: generated))
            }
            ring = InvitationKeyRing(current: current, others: others)
        } else {
            let secret = try await serverKeys.key(named: Self.generatedKeyName, proposal: Self.randomSecret())
            ring = InvitationKeyRing(current: InvitationKey(id: Self.generatedKeyID, secret: secret), others: [])
        }
        resolved = ring
        return ring
    }

    static func randomSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
