import AsyncHTTPClient
import HearthCore
import NIOCore

/// One GET of a provider's published keys, bounded in time (head and body together) and
/// in size, so a slow or hostile endpoint cannot hold a sign-in or fill memory.
struct KeySetDownload: Sendable {
    static let maxBodyBytes = 256 * 1024

    struct Failure: Error, Sendable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    let http: HTTPClient
    let timeout: TimeAmount

    /// The body of a 200 answer to `url`.
    func callAsFunction(_ url: String) async throws(Failure) -> ByteBuffer {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let (http, timeout, sealed) = (http, timeout, request)
        do {
            // The client's own deadline covers only the head; the body must not stall either.
            return try await withTimeout(.nanoseconds(timeout.nanoseconds)) {
                let response = try await http.execute(sealed, timeout: timeout)
                let body = try await response.body.collect(upTo: Self.maxBodyBytes)
                guard response.status.code == 200 else { throw Failure(reason: "HTTP \(response.status.code)") }
                return body
            }
        } catch let failure as Failure {
            throw failure
        } catch is TimeoutError {
            throw Failure(reason: "timed out")
        } catch is NIOTooManyBytesError {
            throw Failure(reason: "key set larger than \(Self.maxBodyBytes) bytes")
        } catch {
            throw Failure(reason: "unreachable: \(type(of: error))")
        }
    }
}
