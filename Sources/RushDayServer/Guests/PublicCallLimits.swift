import GRPCCore
import HearthServer

/// The public RPCs' limit per client address (spec §4.5.2): each RPC (and the web page
/// that does the same thing) allows ``RushDaySettings/publicRequestsPerMinute`` calls a
/// minute per address, then `RESOURCE_EXHAUSTED`. Counted by the platform's limiter, so
/// on PostgreSQL every process shares one count.
struct PublicCallLimits: Sendable {
    enum Call: String, Sendable, CaseIterable {
        case getPublicGuestInvitation = "GetPublicGuestInvitation"
        case respondToGuestInvitation = "RespondToGuestInvitation"
        case getPublicInvitation = "GetPublicInvitation"
    }

    /// Empty when the limit is off.
    private let limiters: [Call: RateLimiter]

    init(services: AppServices, perMinute: Int) {
        var limiters: [Call: RateLimiter] = [:]
        if perMinute > 0 {
            for call in Call.allCases {
                limiters[call] = services.rateLimiter("public." + call.rawValue, limit: perMinute, windowSeconds: 60)
            }
        }
        self.limiters = limiters
    }

    /// Spends one call of `address` (`nil`: unknown), or throws `RESOURCE_EXHAUSTED`.
    func spend(_ call: Call, address: String?) async throws {
        guard let limiter = limiters[call] else { return }
        if case .limited(let seconds) = try await limiter.consume(AddressBucket.key(for: address)) {
            throw RPCFailure.exhausted("too many requests from your address; try again in \(seconds) s")
        }
    }

    /// The address in a gRPC peer description (`ipv4:127.0.0.1:5000`, `ipv6:[::1]:443`);
    /// other transports are counted by their whole description.
    static func address(ofPeer peer: String) -> String {
        if peer.hasPrefix("ipv4:") {
            let rest = peer.dropFirst("ipv4:".count)
            return String(rest.split(separator: ":").first ?? rest)
        }
        if peer.hasPrefix("ipv6:["), let close = peer.firstIndex(of: "]") {
            return String(peer[peer.index(peer.startIndex, offsetBy: "ipv6:[".count)..<close])
        }
        return peer
    }
}
