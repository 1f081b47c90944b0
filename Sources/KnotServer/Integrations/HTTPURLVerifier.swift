import Foundation
import HearthOutbound
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// Stage 6's link check over HTTP (spec §6.7): `HEAD` without following redirects, `GET`
/// when the server answers 405; valid iff the status is 200…399. Timeouts, connection
/// errors and invalid or empty URLs are invalid.
///
/// The URLs come from outside services and LLM output, so they go through HearthOutbound's
/// SSRF protection: a link to a private or local address is invalid and never contacted.
struct HTTPURLVerifier: URLVerifier {
    /// `REQUEST_TIMEOUT` [FACT], per request.
    static let defaultTimeout: Duration = .seconds(5)

    let checker: OutboundStatusChecker
    let timeout: Duration
    let logger: Logger

    init(checker: OutboundStatusChecker, timeout: Duration = Self.defaultTimeout, logger: Logger) {
        self.checker = checker
        self.timeout = timeout
        self.logger = logger
    }

    /// A verifier on the system resolver with the production outbound policy, except for
    /// `allowedPrivateHosts` (for tests against a loopback server; keep empty in production).
    init(
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, threadPool: NIOThreadPool = .singleton,
        allowedPrivateHosts: Set<String> = [], timeout: Duration = Self.defaultTimeout, logger: Logger
    ) {
        var policy = OutboundPolicy()
        policy.allowedPrivateHosts = allowedPrivateHosts
        policy.connectTimeout = min(policy.connectTimeout, timeout)
        self.init(
            checker: OutboundStatusChecker(policy: policy, eventLoopGroup: eventLoopGroup, threadPool: threadPool), timeout: timeout,
            logger: logger)
    }

    func isAvailable(_ url: String) async -> Bool {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return false }
        do throws(OutboundError) {
            var status = try await checker.status(of: trimmed, method: .HEAD, timeout: timeout)
            if status == 405 {
                status = try await checker.status(of: trimmed, method: .GET, timeout: timeout)
            }
            return (200..<400).contains(status)
        } catch {
            logger.debug("link check failed", metadata: ["reason": "\(error.code)"])
            return false
        }
    }
}
