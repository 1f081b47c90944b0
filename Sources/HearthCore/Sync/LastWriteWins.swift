/// The conflict rule of Hearth sync (spec/sync.md): the edit made later on its device wins;
/// equal device times are broken by the larger user id, so every replica decides alike.
public struct LastWriteWins: Sendable {
    /// One side of a conflict: when the edit was made and by whom.
    public struct Edit: Sendable, Hashable {
        public var clientUpdatedAt: Timestamp
        public var userID: String

        public init(clientUpdatedAt: Timestamp, userID: String) {
            self.clientUpdatedAt = clientUpdatedAt
            self.userID = userID
        }
    }

    public init() {}

    /// `true` when `incoming` should replace `stored`.
    public func incomingWins(_ incoming: Edit, over stored: Edit) -> Bool {
        if incoming.clientUpdatedAt != stored.clientUpdatedAt {
            return incoming.clientUpdatedAt > stored.clientUpdatedAt
        }
        return incoming.userID > stored.userID
    }
}
