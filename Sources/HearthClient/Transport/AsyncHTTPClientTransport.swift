import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` over AsyncHTTPClient: the transport of the `hearth` command line and
/// of Linux services. The caller owns `client` and shuts it down.
public struct AsyncHTTPClientTransport: HTTPTransport {
    public let client: HTTPClient
    /// Bodies larger than this are refused instead of buffered.
    public var maxResponseBytes: Int

    public init(client: HTTPClient, maxResponseBytes: Int = 64 * 1024 * 1024) {
        self.client = client
        self.maxResponseBytes = maxResponseBytes
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let outgoing = Self.clientRequest(request)
        let (client, limit) = (client, maxResponseBytes)
        do {
            // AsyncHTTPClient's own deadline ends with the response head; the body is read
            // under the same deadline here, so a stalled body cannot hang a sync.
            return try await withTimeout(request.timeout) {
                let response = try await client.execute(outgoing, timeout: .init(request.timeout))
                let body = try await response.body.collect(upTo: limit)
                var headers: [String: String] = [:]
                for header in response.headers { headers[header.name.lowercased()] = header.value }
                return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
            }
        } catch {
            throw Self.clientError(error)
        }
    }

    public func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        let outgoing = Self.clientRequest(request)
        let response: HTTPClientResponse
        do {
            // The deadline covers connecting and the response head only; the body is open-ended.
            response = try await client.execute(outgoing, timeout: .init(request.timeout))
        } catch {
            throw Self.clientError(error)
        }
        guard (200..<300).contains(Int(response.status.code)) else {
            let body = (try? await response.body.collect(upTo: 64 * 1024)).map { Data($0.readableBytesView) } ?? Data()
            throw ClientError.from(TransportResponse(status: Int(response.status.code), body: body))
        }
        return AsyncThrowingStream { continuation in
            let reader = Task {
                do {
                    for try await chunk in response.body { continuation.yield(Data(chunk.readableBytesView)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Self.clientError(error))
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
    }

    static func clientRequest(_ request: TransportRequest) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        return outgoing
    }

    /// Maps a failure to what the caller can act on. Cancellation is passed on unchanged.
    static func clientError(_ error: any Error) -> any Error {
        if error is ClientError || error is CancellationError { return error }
        if error is TimeoutError { return ClientError.timedOut }
        if let httpError = error as? HTTPClientError,
            httpError == .deadlineExceeded || httpError == .readTimeout || httpError == .writeTimeout
        {
            return ClientError.timedOut
        }
        if error is NIOTooManyBytesError { return ClientError.invalidResponse("the answer is larger than the client accepts") }
        return ClientError.offline(String(describing: error))
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
