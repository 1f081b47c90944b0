import HearthTesting
import Synchronization

/// The JWKS a fake Apple serves; tests swap it to simulate key rotation or an outage.
final class PublishedKeys: Sendable {
    private let state: Mutex<(body: String, failing: Bool)>

    init(_ keys: [IdentityProviderKey]) throws { state = Mutex((try IdentityProviderKey.jwks(keys), false)) }

    func publish(_ keys: [IdentityProviderKey]) throws {
        let body = try IdentityProviderKey.jwks(keys)
        state.withLock { $0 = (body, false) }
    }

    func fail() { state.withLock { $0.failing = true } }

    var answer: FakeAnswer {
        state.withLock { $0.failing ? .json(#"{"error":"unavailable"}"#, status: .serviceUnavailable) : .json($0.body) }
    }
}
