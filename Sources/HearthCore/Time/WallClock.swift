import Foundation
import Synchronization

/// Where Hearth reads the current time. Pass a ``ManualWallClock`` in tests to control it.
public protocol WallClock: Sendable {
    var now: Timestamp { get }
}

/// The machine's clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public var now: Timestamp { Timestamp(Date()) }
}

/// A clock that moves only when told to.
public final class ManualWallClock: WallClock {
    private let current: Mutex<Timestamp>

    public init(_ start: Timestamp = Timestamp(millisecondsSince1970: 1_790_000_000_000)) {
        current = Mutex(start)
    }

    public var now: Timestamp { current.withLock { $0 } }

    public func advance(seconds: Int64) { advance(milliseconds: seconds * 1000) }

    public func advance(milliseconds: Int64) {
        current.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }

    public func set(_ timestamp: Timestamp) { current.withLock { $0 = timestamp } }
}
