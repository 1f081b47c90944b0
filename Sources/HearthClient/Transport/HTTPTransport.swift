import Foundation

/// One HTTP exchange as the client SDK sees it: no connection details, just bytes.
public struct TransportRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    public var method: Method
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// How long the whole exchange may take before it fails with ``ClientError/timedOut``.
    public var timeout: Duration

    public init(
        method: Method, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Duration = .seconds(30)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

public struct TransportResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends requests. Implementations map connection failures to ``ClientError/offline(_:)``
/// and deadlines to ``ClientError/timedOut``; any HTTP status is a response, not an error.
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Opens a streaming GET (Server-Sent Events) and yields each chunk of the body as it
    /// arrives, until the server closes it or the task is cancelled.
    func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error>
}
