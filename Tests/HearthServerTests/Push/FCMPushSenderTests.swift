import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import JWTKit
import NIOCore
import Synchronization
import Testing

/// `FCMPushSender` against a fake Google (OAuth2 token endpoint and FCM HTTP v1) on loopback.
@Suite struct FCMPushSenderTests {
    static let clientEmail = "hearth@rushday-test.iam.gserviceaccount.com"

    struct Exchange: Sendable {
        var grantType: String?
        var signatureValid: Bool
        var claims: [String: JSONValue]
    }

    struct Send: Sendable {
        var path: String
        var authorization: String?
        var message: JSONValue?
    }

    /// Checks the assertion's signature with the service account's public key, hands out
    /// `access-1`, `access-2`, …, and answers sends by device token.
    final class FakeGoogle: Sendable {
        let publicKey: Insecure.RSA.PublicKey
        let exchanges = Mutex<[Exchange]>([])
        let sends = Mutex<[Send]>([])
        /// Access tokens the fake refuses with 401 once.
        let revoked = Mutex<Set<String>>([])

        init(publicKey: Insecure.RSA.PublicKey) { self.publicKey = publicKey }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.post("/token") { request, _ in try await self.token(request) }
            router.post("/v1/projects/:project/*") { request, _ in try await self.send(request) }
            return router
        }

        private func token(_ request: Request) async throws -> Response {
            let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
            var form: [String: String] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { form[parts[0]] = parts[1] }
            }
            let keys = await JWTKeyCollection().add(rsa: publicKey, digestAlgorithm: .sha256)
            let verified = try? await keys.verify(form["assertion"] ?? "", as: ArbitraryClaims.self)
            let count = exchanges.withLock { list in
                list.append(Exchange(grantType: form["grant_type"], signatureValid: verified != nil, claims: verified?.fields ?? [:]))
                return list.count
            }
            guard verified != nil else { return Self.json(400, #"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#) }
            return Self.json(200, #"{"access_token":"access-\#(count)","expires_in":3600,"token_type":"Bearer"}"#)
        }

        private func send(_ request: Request) async throws -> Response {
            let body = try await request.body.collect(upTo: 1 << 16)
            let message = try? JSONParser().parse(Array(buffer: body))
            let authorization = request.headers[.authorization]
            sends.withLock { $0.append(Send(path: request.uri.path, authorization: authorization, message: message)) }
            let accessToken = authorization.map { String($0.dropFirst("Bearer ".count)) } ?? ""
            if revoked.withLock({ $0.remove(accessToken) != nil }) {
                return Self.json(401, #"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#)
            }
            switch message?["message"]?["token"]?.stringValue {
            case "device-good":
                return Self.json(200, #"{"name":"projects/rushday-test/messages/0:1"}"#)
            case "device-gone":
                return Self.json(
                    404,
                    #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
                )
            case "device-malformed":
                return Self.json(
                    400, #"{"error":{"code":400,"message":"The registration token is not a valid FCM registration token","status":"INVALID_ARGUMENT"}}"#)
            default:
                return Self.json(500, #"{"error":{"code":500,"status":"INTERNAL"}}"#)
            }
        }

        static func json(_ status: Int, _ text: String) -> Response {
            Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// Runs the fake and hands `body` a sender whose URLs point at it.
    static func withFake(
        clock: ManualWallClock, _ body: @Sendable (FakeGoogle, FCMPushSender) async throws -> Void
    ) async throws {
        let key = try IdentityProviderKey(keyID: "key-1")
        let fake = FakeGoogle(publicKey: key.privateKey.publicKey)
        try await LoopbackHTTPServer.run(fake.router()) { port in
            let base = "http://127.0.0.1:\(port)"
            let account = try FCMServiceAccount(json: Array(keyFile(pem: key.privateKey.pemRepresentation, tokenURI: base + "/token").utf8))
            let sender = try FCMPushSender(settings: FCMSettings(account: account, apiBase: base), clock: clock)
            try await body(fake, sender)
        }
    }

    static func keyFile(pem: String, tokenURI: String) -> String {
        JSONValue.object([
            "type": "service_account", "project_id": "rushday-test", "private_key_id": "key-1", "private_key": .string(pem),
            "client_email": .string(clientEmail), "token_uri": .string(tokenURI),
        ]).serializedString()
    }

    static func note(_ token: String) -> PushNotification {
        PushNotification(
            deviceToken: token, title: "Today: Ann's party", body: "Your event is today.",
            custom: ["type": "event_today", "eventId": "e-1", "count": 3])
    }

    @Test func signedAssertionIsExchangedAndTheMessageSentWithTheAccessToken() async throws {
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_772_366_400_000))
        try await Self.withFake(clock: clock) { fake, sender in
            let result = try await sender.send(Self.note("device-good"))
            #expect(result == .delivered(id: "projects/rushday-test/messages/0:1"))
            let exchanges = fake.exchanges.withLock { $0 }
            #expect(exchanges.count == 1)
            let exchange = try #require(exchanges.first)
            #expect(exchange.signatureValid)
            #expect(exchange.grantType == "urn:ietf:params:oauth:grant-type:jwt-bearer")
            #expect(exchange.claims["iss"] == .string(Self.clientEmail))
            #expect(exchange.claims["scope"] == "https://www.googleapis.com/auth/firebase.messaging")
            #expect(exchange.claims["aud"]?.stringValue?.hasSuffix("/token") == true)
            #expect(exchange.claims["iat"] == .int(1_772_366_400))
            #expect(exchange.claims["exp"] == .int(1_772_366_400 + 3600))
            let send = try #require(fake.sends.withLock { $0 }.first)
            #expect(send.path == "/v1/projects/rushday-test/messages:send")
            #expect(send.authorization == "Bearer access-1")
            let message = try #require(send.message?["message"])
            #expect(message["token"] == "device-good")
            #expect(message["notification"] == ["title": "Today: Ann's party", "body": "Your event is today."])
            #expect(message["data"] == ["type": "event_today", "eventId": "e-1", "count": "3"])
        }
    }

    @Test func accessTokenIsReusedUntilShortlyBeforeItExpires() async throws {
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_772_366_400_000))
        try await Self.withFake(clock: clock) { fake, sender in
            _ = try await sender.send(Self.note("device-good"))
            clock.advance(seconds: 3600 - FCMAccessTokens.refreshMargin - 1)
            _ = try await sender.send(Self.note("device-good"))
            #expect(fake.exchanges.withLock { $0.count } == 1)
            clock.advance(seconds: 1)
            _ = try await sender.send(Self.note("device-good"))
            #expect(fake.exchanges.withLock { $0.count } == 2)
            #expect(fake.sends.withLock { $0.map(\.authorization) } == ["Bearer access-1", "Bearer access-1", "Bearer access-2"])
        }
    }

    @Test func unregisteredAndInvalidTokensAreReportedSoTheCallerForgetsThem() async throws {
        let clock = ManualWallClock()
        try await Self.withFake(clock: clock) { _, sender in
            let gone = try await sender.send(Self.note("device-gone"))
            #expect(gone == .tokenNoLongerValid(reason: "UNREGISTERED"))
            #expect(gone.forgetsToken)
            #expect(try await sender.send(Self.note("device-malformed")) == .tokenNoLongerValid(reason: "INVALID_ARGUMENT"))
            #expect(
                FCM.result(status: 404, body: Array(#"{"error":{"code":404,"status":"NOT_FOUND"}}"#.utf8))
                    == .refused(status: 404, reason: "NOT_FOUND"))
            let failed = try await sender.send(Self.note("device-broken"))
            #expect(failed == .refused(status: 500, reason: "INTERNAL"))
            #expect(!failed.forgetsToken)
        }
    }

    @Test func refusedAccessTokenIsReplacedAndTheMessageSentOnceMore() async throws {
        let clock = ManualWallClock()
        try await Self.withFake(clock: clock) { fake, sender in
            _ = try await sender.send(Self.note("device-good"))
            fake.revoked.withLock { _ = $0.insert("access-1") }
            #expect(try await sender.send(Self.note("device-good")).isDelivered)
            #expect(fake.sends.withLock { $0.map(\.authorization) } == ["Bearer access-1", "Bearer access-1", "Bearer access-2"])
        }
    }

    @Test func environmentReadsTheKeyFileAndNothingConfiguredMeansNoFCM() throws {
        #expect(try FCMSettings.fromEnvironment([:]) == nil)
        let key = try IdentityProviderKey(keyID: "key-1")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fcm-\(UUID().uuidString).json").path
        try Data(Self.keyFile(pem: key.privateKey.pemRepresentation, tokenURI: "https://oauth2.example/token").utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = try #require(
            try FCMSettings.fromEnvironment(["HEARTH_FCM_CREDENTIALS_FILE": path, "HEARTH_FCM_API_URL": "http://127.0.0.1:9/"]))
        #expect(settings.projectID == "rushday-test")
        #expect(settings.tokenURL == "https://oauth2.example/token")
        #expect(settings.sendURL == "http://127.0.0.1:9/v1/projects/rushday-test/messages:send")
        #expect(throws: ConfigurationError.self) {
            try FCMSettings.fromEnvironment(["HEARTH_FCM_CREDENTIALS_FILE": "/nonexistent/key.json"])
        }
        #expect(throws: FCMServiceAccountError.self) {
            try FCMServiceAccount(json: Array(#"{"type":"service_account","project_id":"p","client_email":"e","private_key":"nope"}"#.utf8))
        }
    }
}
