import HearthCore

/// Spec §3.1: premium is in force when the flag is set and the expiry is absent or in the
/// future. An expiry the client cannot read counts as in force, as in the original app:
/// the server has the last word anyway.
public enum PremiumRule {
    public static func isActive(flag: Bool, expiresAt: String?, now: Timestamp) -> Bool {
        guard flag else { return false }
        guard let expiresAt, !expiresAt.isEmpty else { return true }
        guard let expiry = Timestamp(iso8601: expiresAt) ?? PantryDate(expiresAt).map({ $0.startOfDayUTC }) else { return true }
        return expiry > now
    }
}
