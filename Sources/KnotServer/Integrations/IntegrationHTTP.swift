import AsyncHTTPClient
import HearthCore
import Logging
import NIOCore
import NIOHTTP1

/// The one way Knot's integrations call their services (spec §10): a 10 s limit per call,
/// up to 3 retries on 429 (and on the statuses a service adds, e.g. 503 for Amazon) after
/// 1 s, 2 s and 4 s, and every other failure — timeout, connection error, HTTP error,
/// unparseable body — logged and answered with `nil`, which the integration turns into
/// "no candidates".
struct IntegrationHTTP: Sendable {
    /// Waits between retries; tests pass one that does not sleep.
    typealias Sleeper = @Sendable (Duration) async throws -> Void

    static let maxResponseBytes = 4 * 1024 * 1024
    /// 1 s, 2 s, 4 s [FACT].
    static let retryDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]

    let client: HTTPClient
    let timeout: Duration
    let logger: Logger
    let sleep: Sleeper

    init(
        client: HTTPClient, timeout: Duration = .seconds(10), logger: Logger,
        sleep: @escaping Sleeper = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.timeout = timeout
        self.logger = logger
        self.sleep = sleep
    }

    struct Request: Sendable {
        var method: HTTPMethod = .GET
        var url: String
        var headers: [(name: String, value: String)] = []
        var body: [UInt8]?

        init(method: HTTPMethod = .GET, url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        /// A JSON `POST` of `body`.
        static func postJSON(_ url: String, _ body: JSONValue, headers: [(name: String, value: String)] = []) -> Request {
            Request(method: .POST, url: url, headers: [("Content-Type", "application/json")] + headers, body: body.serialized())
        }
    }

    /// The parsed JSON answer of a 2xx response, or `nil` after logging why there is none.
    /// - Parameter service: names the integration in the log.
    func json(_ request: Request, service: String, retryOn retryStatuses: Set<Int> = [429]) async -> JSONValue? {
        guard let bytes = await body(request, service: service, retryOn: retryStatuses) else { return nil }
        guard let value = try? JSONParser(limits: Self.parseLimits).parse(bytes) else {
            logger.warning("integration answered unparseable JSON", metadata: ["service": "\(service)"])
            return nil
        }
        return value
    }

    /// The body of a 2xx response, or `nil` after logging why there is none.
    func body(_ request: Request, service: String, retryOn retryStatuses: Set<Int> = [429]) async -> [UInt8]? {
        var retries = 0
        while true {
            let outcome = await send(request)
            switch outcome {
            case .success(let status, let bytes) where (200..<300).contains(status):
                return bytes
            case .success(let status, _) where retryStatuses.contains(status) && retries < Self.retryDelays.count:
                do {
                    try await sleep(Self.retryDelays[retries])
                } catch {
                    return nil
                }
                retries += 1
            case .success(let status, _):
                logger.warning("integration answered an error", metadata: ["service": "\(service)", "status": "\(status)"])
                return nil
            case .failure(let error):
                logger.warning("integration unreachable", metadata: ["service": "\(service)", "error": "\(error)"])
                return nil
            }
        }
    }

    private enum Outcome {
        case success(Int, [UInt8])
        case failure(String)
    }

    private func send(_ request: Request) async -> Outcome {
        var sealed = HTTPClientRequest(url: request.url)
        sealed.method = request.method
        for header in request.headers { sealed.headers.add(name: header.name, value: header.value) }
        if sealed.headers["Accept"].isEmpty { sealed.headers.add(name: "Accept", value: "application/json") }
        if let body = request.body { sealed.body = .bytes(ByteBuffer(bytes: body)) }
        let (client, finalRequest, timeout) = (client, sealed, timeout)
        let headDeadline = TimeAmount.nanoseconds(
            timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        do {
            // The client's deadline covers the head only; the body must not stall either.
            let (status, bytes) = try await withTimeout(timeout) {
                let response = try await client.execute(finalRequest, timeout: headDeadline)
                let collected = try await response.body.collect(upTo: Self.maxResponseBytes)
                return (Int(response.status.code), Array(collected.readableBytesView))
            }
            return .success(status, bytes)
        } catch {
            return .failure(String(describing: type(of: error)))
        }
    }

    static let parseLimits = JSONParser.Limits(maxBytes: maxResponseBytes, maxDepth: 64, maxStringBytes: maxResponseBytes)
}
