import HearthCore

/// Premium is a household's: active ⇔ the flag is set and it has not expired (spec §3.1).
/// The one rule behind the read-only rule, both limits, invites, joins and grocery
/// automation (W15).
struct PremiumStatus: Sendable, Hashable {
    var flag: Bool
    var expiresAt: Timestamp?

    func isActive(at now: Timestamp) -> Bool {
        guard flag else { return false }
        guard let expiresAt else { return true }
        return now < expiresAt
    }
}
