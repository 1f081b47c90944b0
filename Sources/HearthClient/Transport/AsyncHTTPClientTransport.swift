import AsyncHTTPClient
import Foundation
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
        do {
            let response = try await client.execute(outgoing, timeout: .init(request.timeout))
            let body = try await response.body.collect(upTo: maxResponseBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
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

    static func clientError(_ error: any Error) -> ClientError {
        if let clientError = error as? ClientError { return clientError }
        if let httpError = error as? HTTPClientError,
            httpError == .deadlineExceeded || httpError == .readTimeout || httpError == .writeTimeout
        {
            return .timedOut
        }
        if error is CancellationError { return .offline("cancelled") }
        return .offline(String(describing: error))
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
