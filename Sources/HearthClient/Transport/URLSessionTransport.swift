#if canImport(FoundationNetworking) || canImport(Darwin)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession`: what an iOS app uses (it follows the system's
/// proxy, VPN and cellular settings).
public struct URLSessionTransport: HTTPTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let (data, response) = try await perform(Self.urlRequest(request))
        guard let http = response as? HTTPURLResponse else {
            throw ClientError.invalidResponse("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Buffers the whole body before yielding it (URLSession's byte streams are not on every
    /// platform); good enough for event streams that the server closes periodically.
    public func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        let response = try await send(request)
        guard response.isSuccess else { throw ClientError.from(response) }
        return AsyncThrowingStream { continuation in
            continuation.yield(response.body)
            continuation.finish()
        }
    }

    func perform(_ request: URLRequest) async throws -> (Data, URLResponse) {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: ClientError.invalidResponse("empty response"))
                    }
                }.resume()
            }
        } catch let error as URLError {
            throw error.code == .timedOut ? ClientError.timedOut : ClientError.offline(error.localizedDescription)
        }
    }

    static func urlRequest(_ request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        let (seconds, attoseconds) = request.timeout.components
        urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }
}
#endif
