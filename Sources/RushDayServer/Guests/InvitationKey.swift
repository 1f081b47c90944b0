import HearthServer

/// One key that signs guest invitation links (spec §4.5.2): the id travels in the link
/// (byte 1), the secret never does.
public struct InvitationKey: Sendable, Hashable {
    public static let minimumSecretBytes = 32

    public let id: UInt8
    public let secret: [UInt8]

    public init(id: UInt8, secret: [UInt8]) {
        self.id = id
        self.secret = secret
    }

    /// `HEARTH_RD_INVITATION_KEYS`: `id:secret,id:secret,…` — ids 0…255, each secret at
    /// least 32 bytes of text without commas. The first key is current (signs new links);
    /// the rest only verify links signed before a rotation.
    public static func parseList(_ text: String, setting: String = "HEARTH_RD_INVITATION_KEYS") throws(ConfigurationError) -> [InvitationKey] {
        var keys: [InvitationKey] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: true) {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let id = UInt8(parts[0]) else {
                throw ConfigurationError(setting: setting, message: "expected id:secret entries with ids 0…255, separated by commas")
            }
            let secret = Array(parts[1].utf8)
            guard secret.count >= minimumSecretBytes else {
                throw ConfigurationError(setting: setting, message: "the secret of key \(id) must be at least \(minimumSecretBytes) bytes")
            }
            guard !keys.contains(where: { $0.id == id }) else {
                throw ConfigurationError(setting: setting, message: "key id \(id) is listed twice")
            }
            keys.append(InvitationKey(id: id, secret: secret))
        }
        guard !keys.isEmpty else { throw ConfigurationError(setting: setting, message: "list at least one id:secret key") }
        return keys
    }
}

/// The keys a server checks guest links with, and the one it signs new links with.
struct InvitationKeyRing: Sendable {
    let current: InvitationKey
    let byID: [UInt8: InvitationKey]

    init(current: InvitationKey, others: [InvitationKey]) {
        self.current = current
        var byID: [UInt8: InvitationKey] = [:]
        for key in others { byID[key.id] = key }
        byID[current.id] = current
        self.byID = byID
    }

    func key(_ id: UInt8) -> InvitationKey? { byID[id] }
}
