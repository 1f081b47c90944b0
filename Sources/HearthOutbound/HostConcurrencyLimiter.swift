import HearthCore
import Synchronization

/// Bounds how many requests this process has in flight to one host at once, so a burst of
/// links to the same shop queues politely instead of hammering it (and getting the server's
/// address blocked). Hosts are compared case-insensitively; each host gets its own fair
/// queue, forgotten once nobody uses it.
public final class HostConcurrencyLimiter: Sendable {
    public let perHost: Int
    private let hosts = Mutex<[String: Entry]>([:])

    private struct Entry {
        let semaphore: FairSemaphore
        /// Callers holding or waiting for a slot of this host.
        var users: Int
    }

    /// - Parameter perHost: requests at once to one host; at least 1.
    public init(perHost: Int) {
        self.perHost = max(1, perHost)
    }

    /// Runs `body` once fewer than `perHost` others are working on `host`.
    public func withPermit<T: Sendable>(host: String, _ body: () async throws -> T) async throws -> T {
        let key = host.lowercased()
        let semaphore = hosts.withLock { hosts in
            let entry = hosts[key] ?? Entry(semaphore: FairSemaphore(count: perHost), users: 0)
            hosts[key] = Entry(semaphore: entry.semaphore, users: entry.users + 1)
            return entry.semaphore
        }
        defer {
            hosts.withLock { hosts in
                guard let entry = hosts[key] else { return }
                hosts[key] = entry.users > 1 ? Entry(semaphore: entry.semaphore, users: entry.users - 1) : nil
            }
        }
        return try await semaphore.withSlot(body)
    }

    /// How many hosts currently have requests running or queued.
    public var busyHostCount: Int {
        hosts.withLock { $0.count }
    }
}
