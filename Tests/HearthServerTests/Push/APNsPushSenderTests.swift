import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import HTTPTypes
import Hummingbird
import HummingbirdHTTP2
import NIOCore
import NIOSSL
import ServiceLifecycle
import Synchronization
import Testing

/// `APNsPushSender` against a fake APNs on loopback, over TLS and HTTP/2.
@Suite struct APNsPushSenderTests {
    static let delivered = String(repeating: "0a", count: 32)
    static let unregistered = String(repeating: "0b", count: 32)
    static let badToken = String(repeating: "0c", count: 32)
    static let expiredOnce = String(repeating: "0d", count: 32)
    static let broken = String(repeating: "0e", count: 32)

    /// What the fake saw of one request.
    struct Seen: Sendable {
        var device: String
        var topic: String?
        var pushType: String?
        var priority: String?
        var contentType: String?
        var kid: String?
        var alg: String?
        var iss: String?
        var iat: Int64?
        var jwt: String
        var signatureValid: Bool
        var payload: JSONValue?
    }

    /// Checks what APNs checks and answers by device token.
    final class FakeAPNs: Sendable {
        let publicKey: P256.Signing.PublicKey
        let seen = Mutex<[Seen]>([])
        let refusedOnce = Mutex<Set<String>>([])

        init(publicKey: P256.Signing.PublicKey) { self.publicKey = publicKey }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.get("/ping") { _, _ in "pong" }
            router.post("/3/device/:token") { request, context in
                try await self.answer(request, device: try context.parameters.require("token"))
            }
            return router
        }

        private func decode(_ part: Substring) -> JSONValue? {
            var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard let data = Data(base64Encoded: text) else { return nil }
            return try? JSONParser().parse(Array(data))
        }

        private func answer(_ request: Request, device: String) async throws -> Response {
            let body = try await request.body.collect(upTo: 1 << 16)
            let authorization = request.headers[.authorization] ?? ""
            let jwt = authorization.hasPrefix("bearer ") ? String(authorization.dropFirst(7)) : ""
            let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
            var valid = false
            var header: JSONValue?
            var claims: JSONValue?
            if parts.count == 3 {
                header = decode(parts[0])
                claims = decode(parts[1])
                if let raw = decodeRaw(parts[2]), let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw) {
                    valid = publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
                }
            }
            let field = { (name: String) in request.headers[HTTPField.Name(name)!] }
            seen.withLock {
                $0.append(
                    Seen(
                        device: device, topic: field("apns-topic"), pushType: field("apns-push-type"),
                        priority: field("apns-priority"), contentType: field("content-type"), kid: header?["kid"]?.stringValue,
                        alg: header?["alg"]?.stringValue, iss: claims?["iss"]?.stringValue, iat: claims?["iat"]?.intValue, jwt: jwt,
                        signatureValid: valid, payload: try? JSONParser().parse(Array(buffer: body))))
            }
            guard valid else { return Self.error(403, "InvalidProviderToken") }
            guard field("apns-topic") == "app.hearth.knot" else { return Self.error(400, "TopicDisallowed") }
            switch device {
            case APNsPushSenderTests.delivered:
                return Response(status: .ok, headers: [HTTPField.Name("apns-id")!: "A1B2C3D4-0000-4000-8000-000000000001"])
            case APNsPushSenderTests.unregistered:
                return Self.error(410, "Unregistered")
            case APNsPushSenderTests.badToken:
                return Self.error(400, "BadDeviceToken")
            case APNsPushSenderTests.expiredOnce:
                if refusedOnce.withLock({ $0.insert(device).inserted }) { return Self.error(403, "ExpiredProviderToken") }
                return Response(status: .ok, headers: [HTTPField.Name("apns-id")!: "A1B2C3D4-0000-4000-8000-000000000002"])
            default:
                return Response(status: .internalServerError, body: .init(byteBuffer: ByteBuffer(string: "<html>oops</html>")))
            }
        }

        private func decodeRaw(_ part: Substring) -> Data? {
            var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            return Data(base64Encoded: text)
        }

        static func error(_ status: Int, _ reason: String) -> Response {
            Response(
                status: .init(code: status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"reason":"\#(reason)"}"#)))
        }
    }

    /// A throwaway certificate for 127.0.0.1, made by openssl.
    static func certificate(in directory: String) throws -> TLSFiles {
        let files = TLSFiles(certificate: directory + "/apns.pem", key: directory + "/apns-key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", files.key, "-out", files.certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(openssl)
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return files
    }

    /// Runs the fake over TLS (HTTP/2 or HTTP/1.1 through ALPN) until `body` returns, and
    /// hands `body` its port and a client that trusts only the fake's certificate.
    static func withFake(
        _ fake: FakeAPNs, _ body: @Sendable (_ port: Int, _ client: HTTPClient) async throws -> Void
    ) async throws {
        let folder = NSTemporaryDirectory() + "hearth-apns-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try certificate(in: folder)
        let store = try TLSCertificateStore(files: files)

        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: fake.router(), server: try .http2Upgrade(tlsConfiguration: store.serverConfiguration()),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: .quietTestLogger)
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: .quietTestLogger)
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next(), "the fake APNs did not start")

        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.certificate))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(tlsConfiguration: tls))
        let outcome: Result<Void, any Error>
        do {
            outcome = .success(try await body(port, client))
        } catch {
            outcome = .failure(error)
        }
        try? await client.shutdown()
        await group.triggerGracefulShutdown()
        _ = await running.result
        try outcome.get()
    }

    static func notification(to device: String) -> PushNotification {
        PushNotification(
            deviceToken: device, title: "Alex's Birthday is in 7 days", body: "I've found 3 options.",
            custom: ["notification_id": "n-1"], category: "MILESTONE_REMINDER", collapseID: "m-1-7")
    }

    @Test func sendsOverHTTP2WithASignedProviderTokenAndMapsTheAnswers() async throws {
        let key = P256.Signing.PrivateKey()
        let fake = FakeAPNs(publicKey: key.publicKey)
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        try await Self.withFake(fake) { port, client in
            let ping = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(port)/ping"), timeout: .seconds(30))
            #expect(ping.status == .ok)
            #expect(ping.version == .http2, "the client and the fake speak HTTP/2")

            let settings = APNsSettings(
                host: "https://127.0.0.1:\(port)/", topic: "app.hearth.knot", keyID: "KEY1234567", teamID: "TEAM987654",
                keyPEM: key.pemRepresentation)
            let sender = try APNsPushSender(settings: settings, client: client, clock: clock)

            #expect(
                try await sender.send(Self.notification(to: Self.delivered))
                    == .delivered(id: "A1B2C3D4-0000-4000-8000-000000000001"))
            #expect(try await sender.send(Self.notification(to: Self.unregistered)) == .tokenNoLongerValid(reason: "Unregistered"))
            #expect(try await sender.send(Self.notification(to: Self.badToken)) == .tokenNoLongerValid(reason: "BadDeviceToken"))
            #expect(try await sender.send(Self.notification(to: Self.broken)) == .refused(status: 500, reason: nil))
            #expect(
                try await sender.send(Self.notification(to: "../../admin")) == .tokenNoLongerValid(reason: "BadDeviceToken"),
                "a token that cannot be an APNs token is not sent")

            let seen = fake.seen.withLock { $0 }
            #expect(seen.map(\.device) == [Self.delivered, Self.unregistered, Self.badToken, Self.broken])
            for request in seen {
                #expect(request.signatureValid, "the ES256 signature verifies with the key's public half")
                #expect(request.alg == "ES256" && request.kid == "KEY1234567")
                #expect(request.iss == "TEAM987654" && request.iat == 1_790_000_000)
                #expect(request.topic == "app.hearth.knot")
                #expect(request.pushType == "alert")
                #expect(request.priority == "10")
                #expect(request.contentType == "application/json")
                #expect(request.payload == Self.notification(to: request.device).payload)
            }
            #expect(Set(seen.map(\.jwt)).count == 1, "one provider token serves every request while young")
        }
    }

    @Test func aRefusedProviderTokenIsRenewedAndTheRequestRetriedOnce() async throws {
        let key = P256.Signing.PrivateKey()
        let fake = FakeAPNs(publicKey: key.publicKey)
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        try await Self.withFake(fake) { port, client in
            let settings = APNsSettings(
                host: "https://127.0.0.1:\(port)", topic: "app.hearth.knot", keyID: "KEY1234567", teamID: "TEAM987654",
                keyPEM: key.pemRepresentation)
            let sender = try APNsPushSender(settings: settings, client: client, clock: clock)
            #expect(try await sender.send(Self.notification(to: Self.delivered)).isDelivered)
            clock.advance(seconds: 21 * 60)
            #expect(
                try await sender.send(Self.notification(to: Self.expiredOnce))
                    == .delivered(id: "A1B2C3D4-0000-4000-8000-000000000002"))

            let seen = fake.seen.withLock { $0 }
            #expect(seen.map(\.device) == [Self.delivered, Self.expiredOnce, Self.expiredOnce])
            try #require(seen.count == 3)
            #expect(seen[1].jwt == seen[0].jwt, "the refused token was the one in use")
            #expect(seen[2].jwt != seen[1].jwt, "the retry carries a new token")
            let renewedAt: Int64 = 1_790_000_000 + 21 * 60
            #expect(seen[2].iat == renewedAt)
            #expect(seen.allSatisfy { $0.signatureValid })
            #expect(seen[2].payload == seen[1].payload)
        }
    }

    @Test func aTokenTooYoungToRenewIsNotRetried() async throws {
        let key = P256.Signing.PrivateKey()
        let fake = FakeAPNs(publicKey: key.publicKey)
        try await Self.withFake(fake) { port, client in
            let settings = APNsSettings(
                host: "https://127.0.0.1:\(port)", topic: "app.hearth.knot", keyID: "KEY1234567", teamID: "TEAM987654",
                keyPEM: key.pemRepresentation)
            let sender = try APNsPushSender(settings: settings, client: client, clock: ManualWallClock(), logger: .quietTestLogger)
            #expect(
                try await sender.send(Self.notification(to: Self.expiredOnce))
                    == .refused(status: 403, reason: "ExpiredProviderToken"))
            #expect(fake.seen.withLock { $0.count } == 1, "APNs would refuse a renewal this early (TooManyProviderTokenUpdates)")
        }
    }

    @Test func aTokenSignedWithAnotherKeyIsRefused() async throws {
        let fake = FakeAPNs(publicKey: P256.Signing.PrivateKey().publicKey)
        try await Self.withFake(fake) { port, client in
            let settings = APNsSettings(
                host: "https://127.0.0.1:\(port)", topic: "app.hearth.knot", keyID: "K", teamID: "T",
                keyPEM: P256.Signing.PrivateKey().pemRepresentation)
            let sender = try APNsPushSender(settings: settings, client: client, clock: ManualWallClock(), logger: .quietTestLogger)
            #expect(
                try await sender.send(Self.notification(to: Self.delivered)) == .refused(status: 403, reason: "InvalidProviderToken"))
            #expect(fake.seen.withLock { $0.allSatisfy { !$0.signatureValid } })
        }
    }

    @Test func aKeyThatIsNotAP256PEMIsRejected() {
        let settings = APNsSettings.production(topic: "app.hearth.knot", keyID: "K", teamID: "T", keyPEM: "not a key")
        #expect(throws: (any Error).self) { _ = try APNsPushSender(settings: settings) }
        #expect(APNsSettings.sandbox(topic: "t", keyID: "K", teamID: "T", keyPEM: "").host == "https://api.sandbox.push.apple.com")
    }
}
