import Foundation
import HearthClient
import Synchronization

/// The real transport with a way to cut the network: while off, requests fail as an
/// unreachable server does; the answer to a request can also be lost after the server
/// handled it (the case idempotency keys exist for).
final class FlakyNetwork: HTTPTransport {
    let base: any HTTPTransport
    private let state = Mutex<(online: Bool, loseAnswerTo: String?)>((true, nil))

    init(_ base: any HTTPTransport) { self.base = base }

    var isOnline: Bool {
        get { state.withLock { $0.online } }
        set { state.withLock { $0.online = newValue } }
    }

    /// The next request whose path ends with `suffix` reaches the server; its answer is lost.
    func loseNextAnswer(toPathEndingWith suffix: String) {
        state.withLock { $0.loseAnswerTo = suffix }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = request.url.path
        let (online, lose) = state.withLock { state -> (Bool, Bool) in
            let lose = state.loseAnswerTo.map { path.hasSuffix($0) } ?? false
            if lose { state.loseAnswerTo = nil }
            return (state.online, lose)
        }
        guard online else { throw ClientError.offline("network switched off by the test") }
        let response = try await base.send(request)
        if lose { throw ClientError.offline("answer lost by the test") }
        return response
    }

    func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        guard isOnline else { throw ClientError.offline("network switched off by the test") }
        return try await base.stream(request)
    }
}
