import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Hummingbird
import NIOCore
import RushDayProto
import Synchronization
import Testing

@testable import RushDayServer

/// Rush Day's pushes through the platform's FCM sender (spec §2.9), against a fake Google
/// on loopback: every device of the recipient gets the message; a token FCM calls
/// unregistered loses its `rd_devices` row.
@Suite struct FCMNotificationTests {
    final class FakeFCM: Sendable {
        let sent = Mutex<[JSONValue]>([])

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.post("/token") { _, _ in
                Self.json(200, #"{"access_token":"access-1","expires_in":3600,"token_type":"Bearer"}"#)
            }
            router.post("/v1/projects/:project/*") { request, _ in
                let body = try await request.body.collect(upTo: 1 << 16)
                let message = try JSONParser().parse(Array(buffer: body))["message"] ?? .null
                self.sent.withLock { $0.append(message) }
                guard request.headers[.authorization] == "Bearer access-1" else { return Self.json(401, "{}") }
                if message["token"] == "device-gone" {
                    return Self.json(
                        404,
                        #"{"error":{"code":404,"status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
                    )
                }
                return Self.json(200, #"{"name":"projects/rushday-test/messages/1"}"#)
            }
            return router
        }

        static func json(_ status: Int, _ text: String) -> Response {
            Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    @Test(arguments: TestEngine.available)
    func reminderGoesToEveryDeviceAndUnregisteredTokenIsForgotten(_ engine: TestEngine) async throws {
        let fake = FakeFCM()
        let key = try IdentityProviderKey(keyID: "key-1")
        try await LoopbackHTTPServer.run(fake.router()) { port in
            let base = "http://127.0.0.1:\(port)"
            var settings = RushDayHarness.hs256Settings()
            settings.fcm = FCMSettings(
                account: FCMServiceAccount(
                    projectID: "rushday-test", clientEmail: "hearth@rushday-test.iam.gserviceaccount.com",
                    privateKeyPEM: key.privateKey.pemRepresentation, tokenURI: base + "/token"),
                apiBase: base)
            try await RushDayJobHarness.run(engine, settings: settings, recordNotifications: false) { h in
                try await h.registerDevice(.ann, token: "device-good", offsetMinutes: 0)
                try await h.registerDevice(.ann, token: "device-gone", offsetMinutes: 0)
                let event = try await h.rd.createEvent(.ann, date: "2026-03-20T18:00:00Z")
                let task = try await h.rd.createTask(.ann, event.id, name: "Order the cake") {
                    $0.notification = .iso("2026-03-02T10:00:00Z")
                }
                try await h.runJobs()
                try await h.runJobs(at: "2026-03-02T10:00:00Z")
                let sent = fake.sent.withLock { $0 }
                #expect(sent.compactMap { $0["token"]?.stringValue }.sorted() == ["device-gone", "device-good"])
                #expect(sent.first?["data"] == ["type": "task_reminder", "eventId": .string(event.id), "taskId": .string(task.id)])
                #expect(sent.first?["notification"]?["title"] == "Task reminder")
                let devices = try await h.rd.database.read { sql in
                    try await sql.query("SELECT fcm_token FROM rd_devices WHERE user_id = ? ORDER BY fcm_token", [.text("user-a")])
                }.map { try $0.string("fcm_token") }
                #expect(devices == ["device-good"])
            }
        }
    }

    @Test func platformLevelFCMSettingsEnablePushForRushDay() throws {
        #expect(try RushDaySettings.fromEnvironment([:]).fcm == nil)
        let key = try IdentityProviderKey(keyID: "key-1")
        let file: JSONValue = [
            "type": "service_account", "project_id": "rushday-test", "private_key": .string(key.privateKey.pemRepresentation),
            "client_email": "hearth@rushday-test.iam.gserviceaccount.com",
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rd-fcm-\(UUID().uuidString).json").path
        try Data(file.serialized()).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = try RushDaySettings.fromEnvironment(["HEARTH_FCM_CREDENTIALS_FILE": path])
        #expect(settings.fcm?.sendURL == "https://fcm.googleapis.com/v1/projects/rushday-test/messages:send")
        #expect(settings.fcm?.tokenURL == "https://oauth2.googleapis.com/token")
    }
}
