import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// One request/response of a fetch, sent to an address that was already checked.
///
/// Each exchange gets its own short-lived `HTTPClient` whose `dnsOverride` maps the URL's
/// host to that address, so the connection goes where the check looked while TLS still
/// sends SNI for, and verifies the certificate of, the host name. A shared client would
/// resolve the name again at connect time, and a DNS answer that changed in between (DNS
/// rebinding) could point it at an internal address. The price is no connection reuse and
/// a fresh TLS context per request, which is fine for occasional link fetches.
struct PinnedExchange {
    enum Outcome: Sendable {
        case redirect(location: String)
        case final(FetchedResponse)
    }

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    let policy: OutboundPolicy
    let eventLoopGroup: any EventLoopGroup
    let accept: String
    let maxBodyBytes: Int
    let deadline: NIODeadline
    let configureClient: (@Sendable (inout HTTPClient.Configuration) -> Void)?

    func run(_ target: OutboundTarget, pinnedTo address: IPAddress) async -> Result<Outcome, OutboundError> {
        let client = Self.client(
            for: target, pinnedTo: address, policy: policy, eventLoopGroup: eventLoopGroup, configure: configureClient)
        let outcome = await exchange(target, client: client)
        try? await client.shutdown()
        return outcome
    }

    /// A short-lived client whose connections go to `address` only: no redirects, no proxy,
    /// no retried connects, no decompression. The caller shuts it down.
    static func client(
        for target: OutboundTarget, pinnedTo address: IPAddress, policy: OutboundPolicy, eventLoopGroup: any EventLoopGroup,
        configure: (@Sendable (inout HTTPClient.Configuration) -> Void)? = nil
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configure?(&configuration)
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: TimeAmount(policy.connectTimeout), read: TimeAmount(policy.totalTimeout))
        configuration.proxy = nil
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = [target.host: address.description]
        return HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    private func exchange(_ target: OutboundTarget, client: HTTPClient) async -> Result<Outcome, OutboundError> {
        var request = HTTPClientRequest(url: target.url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: policy.userAgent)
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "Accept-Encoding", value: "identity")

        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, deadline: deadline)
        } catch {
            return .failure(Self.map(error))
        }
        let status = Int(response.status.code)
        if Self.redirectStatuses.contains(status), let location = response.headers.first(name: "location") {
            return .success(.redirect(location: location))
        }
        guard (200..<300).contains(status) else { return .failure(.httpStatus(status)) }
        if let declared = response.headers.first(name: "content-length").flatMap(Int.init), declared > maxBodyBytes {
            return .failure(.tooLarge)
        }

        var body = ByteBuffer()
        do {
            for try await chunk in response.body {
                guard body.readableBytes + chunk.readableBytes <= maxBodyBytes else {
                    return .failure(.tooLarge)
                }
                body.writeImmutableBuffer(chunk)
            }
        } catch {
            return .failure(Self.map(error))
        }
        return .success(.final(FetchedResponse(url: target.url, status: status, headers: response.headers, body: body)))
    }

    static func map(_ error: any Error) -> OutboundError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout: return .timeout
            default: return .transport(String(describing: error))
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return .timeout }
        if error is CancellationError { return .transport("cancelled") }
        return .transport(String(describing: error))
    }
}
