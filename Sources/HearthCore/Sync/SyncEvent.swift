/// The realtime notice sent on `…/sync/events` whenever the user's feed grows.
public struct SyncEvent: Codable, Sendable, Hashable {
    public var seq: Int64

    public init(seq: Int64) { self.seq = seq }
}
