import AsyncHTTPClient
import HearthCore
import NIOCore

/// A provider's answer to a GET, read to its end.
struct OutboundResponse: Sendable {
    let status: UInt
    let body: ByteBuffer
}

/// Why a GET to a provider produced no answer.
enum OutboundGetFailure: Error, Sendable, Hashable, CustomStringConvertible {
    case timedOut
    case tooLarge
    case unreachable(String)

    var description: String {
        switch self {
        case .timedOut: "timed out"
        case .tooLarge: "response body too large"
        case .unreachable(let reason): "unreachable: \(reason)"
        }
    }
}

/// One GET to a configured provider, bounded in time (head and body together) and in size.
struct OutboundGet: Sendable {
    let http: HTTPClient
    let timeout: TimeAmount
    let maxBodyBytes: Int

    func callAsFunction(_ url: String, headers: [(String, String)]) async throws(OutboundGetFailure) -> OutboundResponse {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let (http, timeout, maxBodyBytes, sealed) = (http, timeout, maxBodyBytes, request)
        do {
            // The client's own deadline covers only the head; the body must not stall either.
            return try await withTimeout(.nanoseconds(timeout.nanoseconds)) {
                let response = try await http.execute(sealed, timeout: timeout)
                let body = try await response.body.collect(upTo: maxBodyBytes)
                return OutboundResponse(status: response.status.code, body: body)
            }
        } catch is TimeoutError {
            throw .timedOut
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw .timedOut
        } catch is NIOTooManyBytesError {
            throw .tooLarge
        } catch {
            throw .unreachable(String(describing: type(of: error)))
        }
    }
}
