/// One way of exchanging documents with a server: Hearth's delta protocol or an original
/// app's legacy one. A strategy runs one complete sync; ``SyncEngine`` decides when.
public protocol SyncStrategy: Sendable {
    func synchronize(_ store: LocalStore, with api: HearthAPI) async throws -> SyncReport
}

/// What one sync did.
public struct SyncReport: Sendable, Hashable, Codable {
    /// Local edits the server accepted.
    public var pushed = 0
    /// Local edits that lost to a newer edit elsewhere; the winner replaced them.
    public var conflicts = 0
    /// Local edits the server refused; they were undone.
    public var rejected = 0
    /// Documents received from the server.
    public var pulled = 0

    public init(pushed: Int = 0, conflicts: Int = 0, rejected: Int = 0, pulled: Int = 0) {
        self.pushed = pushed
        self.conflicts = conflicts
        self.rejected = rejected
        self.pulled = pulled
    }
}
