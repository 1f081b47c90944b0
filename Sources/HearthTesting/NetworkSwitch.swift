import Foundation
import HearthClient
import Synchronization

/// The real HTTP transport with a way to cut the network: while off, requests fail as
/// an unreachable server does; a response can also be lost after the server handled the
/// request (a crash between push and acknowledgement, the case idempotency keys exist
/// for). Counts requests per path.
public final class NetworkSwitch: HTTPTransport {
    public let base: any HTTPTransport
    private let state = Mutex<
        (online: Bool, dropNextResponseTo: String?, duplicateNextTo: String?, counts: [String: Int], inFlight: Int, maxInFlight: Int)
    >((true, nil, nil, [:], 0, 0))

    public init(_ base: any HTTPTransport) { self.base = base }

    public var isOnline: Bool {
        get { state.withLock { $0.online } }
        set { state.withLock { $0.online = newValue } }
    }

    /// The next request whose path ends with `suffix` reaches the server, but its answer is lost.
    public func dropNextResponse(toPathEndingWith suffix: String) {
        state.withLock { $0.dropNextResponseTo = suffix }
    }

    /// The next request whose path ends with `suffix` reaches the server twice (a retry
    /// by a proxy or a flaky radio); the caller sees the second answer.
    public func duplicateNextRequest(toPathEndingWith suffix: String) {
        state.withLock { $0.duplicateNextTo = suffix }
    }

    /// Back to a healthy network: online, nothing armed to be lost.
    public func heal() {
        state.withLock { state in
            state.online = true
            state.dropNextResponseTo = nil
            state.duplicateNextTo = nil
        }
    }

    /// The most requests that were ever in flight at once.
    public var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    public func count(pathEndingWith suffix: String) -> Int {
        state.withLock { $0.counts.filter { $0.key.hasSuffix(suffix) }.values.reduce(0, +) }
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = request.url.path
        let (online, drop, duplicate) = state.withLock { state -> (Bool, Bool, Bool) in
            state.counts[path, default: 0] += 1
            let drop = state.dropNextResponseTo.map { path.hasSuffix($0) } ?? false
            if drop { state.dropNextResponseTo = nil }
            let duplicate = state.duplicateNextTo.map { path.hasSuffix($0) } ?? false
            if duplicate { state.duplicateNextTo = nil }
            return (state.online, drop, duplicate)
        }
        guard online else { throw ClientError.offline("network switched off by the test") }
        state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        if duplicate { _ = try? await base.send(request) }
        let response = try await base.send(request)
        if drop { throw ClientError.offline("response lost by the test") }
        return response
    }

    public func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        guard isOnline else { throw ClientError.offline("network switched off by the test") }
        return try await base.stream(request)
    }
}
