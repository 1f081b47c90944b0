import HearthTesting
import Hummingbird
import NIOCore
import Synchronization

/// A provider's key endpoint on loopback: serves the JWKS of the keys it publishes (or a
/// 503 while failing) and counts the requests it got.
final class FakeKeySetServer: Sendable {
    private let state: Mutex<(body: String, failing: Bool, requests: Int)>

    init(_ keys: [IdentityProviderKey]) throws { state = Mutex((try IdentityProviderKey.jwks(keys), false, 0)) }

    func publish(_ keys: [IdentityProviderKey]) throws {
        let body = try IdentityProviderKey.jwks(keys)
        state.withLock { $0 = (body, false, $0.requests) }
    }

    func fail() { state.withLock { $0.failing = true } }

    var requests: Int { state.withLock { $0.requests } }

    /// Serves at `http://127.0.0.1:<port>/keys` until `body` returns.
    func run<T: Sendable>(_ body: @Sendable (_ url: String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("keys") { _, _ -> Response in
            let (text, failing) = self.state.withLock { state in
                state.requests += 1
                return (state.body, state.failing)
            }
            return Response(
                status: failing ? .serviceUnavailable : .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: failing ? #"{"error":"unavailable"}"# : text)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)/keys") }
    }
}
