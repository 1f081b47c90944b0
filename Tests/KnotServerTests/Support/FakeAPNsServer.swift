import Crypto
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import HTTPTypes
import Hummingbird
import Synchronization

/// A stand-in for APNs on loopback (plain HTTP/1.1; TLS and HTTP/2 are covered by the
/// platform's `APNsPushSenderTests`): records each push and accepts it when the provider
/// token is an ES256 JWT of the expected key.
final class FakeAPNsServer: Sendable {
    struct Push: Sendable {
        var device: String
        var topic: String?
        var signedByKey: Bool
        var payload: JSONValue
    }

    let key = P256.Signing.PrivateKey()
    private let pushes = Mutex<[Push]>([])

    var received: [Push] { pushes.withLock { $0 } }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/3/device/:token") { request, context in
            let body = try await request.body.collect(upTo: 1 << 16)
            let jwt = (request.headers[.authorization] ?? "").replacingOccurrences(of: "bearer ", with: "")
            let push = Push(
                device: try context.parameters.require("token"), topic: request.headers[HTTPField.Name("apns-topic")!],
                signedByKey: self.isSigned(jwt), payload: (try? JSONParser().parse(Array(buffer: body))) ?? .null)
            self.pushes.withLock { $0.append(push) }
            guard push.signedByKey else { return Response(status: .forbidden) }
            return Response(status: .ok, headers: [HTTPField.Name("apns-id")!: UUID().uuidString])
        }
        return router
    }

    private func isSigned(_ jwt: String) -> Bool {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let raw = Self.base64URL(parts[2]),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw)
        else { return false }
        return key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
    }

    private static func base64URL(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }

    /// Runs the fake and hands `body` a sender configured for it.
    func run<T: Sendable>(clock: any WallClock, _ body: @Sendable (APNsPushSender) async throws -> T) async throws -> T {
        try await LoopbackHTTPServer.run(router()) { port in
            let settings = APNsSettings(
                host: "http://127.0.0.1:\(port)", topic: "com.ronniejay.knot", keyID: "KEY1234567", teamID: "TEAM987654",
                keyPEM: key.pemRepresentation)
            return try await body(try APNsPushSender(settings: settings, clock: clock, logger: .quietTestLogger))
        }
    }
}
