import HearthCore

/// What one sync did, for a status line or `--json`.
public struct SyncReport: Sendable, Hashable, Codable {
    /// Queued actions the server applied.
    public var sent = 0
    /// Queued actions the server refused for good (see ``PantryStore/rejections()``).
    public var rejected = 0
    /// Changes from the server applied here.
    public var received = 0
    /// Whether the household's data was replaced from a full snapshot.
    public var fullSync = false
    /// `false` when the account has no household: nothing to pull.
    public var hasHousehold = true
    /// Set when a refused action asked for the upgrade screen during this sync.
    public var paywall: PaywallState?

    public init() {}
}
