import Foundation
import Synchronization

/// Wraps a transport and counts what crosses the wire: requests and body bytes in each
/// direction (headers excluded). For diagnostics and `hearth bench`.
public final class MeteredTransport: HTTPTransport {
    public struct Totals: Sendable, Hashable {
        public var requests = 0
        public var bytesSent = 0
        public var bytesReceived = 0

        public var bytes: Int { bytesSent + bytesReceived }
    }

    public let base: any HTTPTransport
    private let totals = Mutex(Totals())

    public init(_ base: any HTTPTransport) { self.base = base }

    public var current: Totals { totals.withLock { $0 } }

    /// Returns the totals so far and starts counting from zero.
    public func reset() -> Totals {
        totals.withLock { totals in
            defer { totals = Totals() }
            return totals
        }
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await base.send(request)
        totals.withLock { totals in
            totals.requests += 1
            totals.bytesSent += request.body?.count ?? 0
            totals.bytesReceived += response.body.count
        }
        return response
    }

    public func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        try await base.stream(request)
    }
}
