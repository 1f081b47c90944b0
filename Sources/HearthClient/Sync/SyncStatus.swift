import HearthCore

/// What a ``SyncEngine`` is doing, for a status line or a SwiftUI badge.
public enum SyncStatus: Sendable, Hashable {
    /// Up to date as of `lastSync` (or never synced).
    case idle(lastSync: Timestamp?)
    case syncing
    /// The last sync failed for a reason other than the network; `message` says why.
    case error(String)
    /// The server cannot be reached; local work goes on and syncs on reconnect.
    case offline
}
