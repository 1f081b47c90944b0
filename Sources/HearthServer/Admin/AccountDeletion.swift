/// What deleting an account removed, for the operator: counts by kind, in the order the
/// app reports them ("wishlists: 2", "items: 7", …).
public struct AccountDeletion: Sendable, Hashable {
    public struct Removed: Sendable, Hashable {
        public let what: String
        public let count: Int

        public init(_ what: String, _ count: Int) {
            self.what = what
            self.count = count
        }
    }

    public var removed: [Removed]

    public init(_ removed: [Removed] = []) {
        self.removed = removed
    }

    public mutating func add(_ what: String, _ count: Int) {
        removed.append(Removed(what, count))
    }
}
