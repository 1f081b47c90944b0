import Foundation
import HearthCore
import Synchronization
import Testing

@testable import HearthServer

private let token = "4f1d0c2a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060a1b"

private func reminder(expiration: Timestamp? = nil, collapseID: String? = nil) -> PushNotification {
    PushNotification(
        deviceToken: token, title: "Alex's Birthday is in 7 days", body: "I've found 3 Quiet luxury options.",
        custom: ["notification_id": "n-1", "milestone_id": "m-1", "aps": "ignored"], category: "MILESTONE_REMINDER",
        collapseID: collapseID, expiration: expiration, priority: .powerConsiderate)
}

@Suite struct PushPayloadTests {
    @Test func payloadHasAlertSoundCategoryAndCustomKeys() {
        let expected: JSONValue = [
            "aps": [
                "alert": ["title": "Alex's Birthday is in 7 days", "body": "I've found 3 Quiet luxury options."],
                "sound": "default", "category": "MILESTONE_REMINDER",
            ],
            "notification_id": "n-1", "milestone_id": "m-1",
        ]
        #expect(reminder().payload == expected)
        let plain = PushNotification(deviceToken: token, title: "T", body: "B")
        #expect(plain.payload == ["aps": ["alert": ["title": "T", "body": "B"], "sound": "default"]])
    }
}

@Suite struct APNsRequestTests {
    @Test func requestCarriesPathHeadersAndBody() throws {
        let expiration = Timestamp(millisecondsSince1970: 1_790_000_123_999)
        let request = try #require(
            APNs.request(for: reminder(expiration: expiration, collapseID: "m-1-7"), topic: "app.knot", providerToken: "jwt"))
        #expect(request.path == "/3/device/" + token)
        #expect(request.header("authorization") == "bearer jwt")
        #expect(request.header("apns-topic") == "app.knot")
        #expect(request.header("apns-push-type") == "alert")
        #expect(request.header("apns-priority") == "5")
        #expect(request.header("apns-expiration") == "1790000123")
        #expect(request.header("apns-collapse-id") == "m-1-7")
        #expect(request.header("content-type") == "application/json")
        #expect(try JSONParser().parse(request.body) == reminder().payload)
    }

    @Test func optionalHeadersAreLeftOutAndPastExpirationIsZero() throws {
        let request = try #require(APNs.request(for: reminder(), topic: "app.knot", providerToken: "jwt"))
        #expect(request.header("apns-expiration") == nil)
        #expect(request.header("apns-collapse-id") == nil)
        let past = try #require(
            APNs.request(
                for: reminder(expiration: Timestamp(millisecondsSince1970: -5_000)), topic: "app.knot", providerToken: "jwt"))
        #expect(past.header("apns-expiration") == "0")
    }

    @Test(arguments: ["", "../../admin", "abc/def", "zz11", "ab cd", "４f"])
    func tokensThatCannotBeAPNsTokensAreNotSent(_ bad: String) {
        var notification = reminder()
        notification.deviceToken = bad
        #expect(APNs.request(for: notification, topic: "app.knot", providerToken: "jwt") == nil)
    }
}

@Suite struct APNsResultTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func mapsAnswers() {
        #expect(APNs.result(status: 200, apnsID: "A-1", body: []) == .delivered(id: "A-1"))
        #expect(
            APNs.result(status: 410, apnsID: nil, body: bytes(#"{"reason":"Unregistered","timestamp":1}"#))
                == .tokenNoLongerValid(reason: "Unregistered"))
        #expect(APNs.result(status: 410, apnsID: nil, body: []) == .tokenNoLongerValid(reason: "Unregistered"))
        #expect(
            APNs.result(status: 400, apnsID: nil, body: bytes(#"{"reason":"BadDeviceToken"}"#))
                == .tokenNoLongerValid(reason: "BadDeviceToken"))
        #expect(
            APNs.result(status: 400, apnsID: nil, body: bytes(#"{"reason":"DeviceTokenNotForTopic"}"#))
                == .refused(status: 400, reason: "DeviceTokenNotForTopic"))
        #expect(APNs.result(status: 500, apnsID: nil, body: bytes("<html>oops</html>")) == .refused(status: 500, reason: nil))
        #expect(
            APNs.result(status: 429, apnsID: nil, body: bytes(#"{"reason":"TooManyRequests"}"#))
                == .refused(status: 429, reason: "TooManyRequests"))
    }

    @Test func onlyTokenFailuresForgetTheToken() {
        #expect(PushResult.tokenNoLongerValid(reason: "Unregistered").forgetsToken)
        #expect(!PushResult.refused(status: 500, reason: nil).forgetsToken)
        #expect(!PushResult.delivered(id: nil).forgetsToken)
        #expect(PushResult.delivered(id: nil).isDelivered)
    }

    @Test func recognisesRefusedProviderTokens() {
        #expect(APNs.refusesProviderToken(.refused(status: 403, reason: "ExpiredProviderToken")))
        #expect(APNs.refusesProviderToken(.refused(status: 403, reason: "InvalidProviderToken")))
        #expect(!APNs.refusesProviderToken(.refused(status: 403, reason: "BadCertificate")))
        #expect(!APNs.refusesProviderToken(.refused(status: 500, reason: "ExpiredProviderToken")))
    }
}

@Suite struct APNsProviderTokenTests {
    /// Records what it signs; the "signature" is the input's length and a counter.
    final class CountingSigner: APNsTokenSigning {
        let calls = Mutex<[[UInt8]]>([])
        func signature(for input: [UInt8]) throws -> [UInt8] {
            calls.withLock { calls in
                calls.append(input)
                return [UInt8(calls.count), UInt8(truncatingIfNeeded: input.count)]
            }
        }
    }

    private func decode(_ part: Substring) throws -> JSONValue {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return try JSONParser().parse(Array(try #require(Data(base64Encoded: text))))
    }

    @Test func tokenHasES256HeaderAndTeamClaims() throws {
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_790_000_000_500))
        let signer = CountingSigner()
        let cache = APNsProviderTokenCache(keyID: "KEY123", teamID: "TEAM456", signer: signer, clock: clock)
        let parts = try cache.token().split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        #expect(try decode(parts[0]) == ["alg": "ES256", "kid": "KEY123"])
        #expect(try decode(parts[1]) == ["iss": "TEAM456", "iat": 1_790_000_000])
        #expect(signer.calls.withLock { $0 } == [Array("\(parts[0]).\(parts[1])".utf8)])
        #expect(parts[2] == Substring(APNs.base64URL([1, UInt8(parts[0].count + parts[1].count + 1)])))
    }

    @Test func tokenIsReusedForFiftyMinutes() throws {
        let clock = ManualWallClock()
        let signer = CountingSigner()
        let cache = APNsProviderTokenCache(keyID: "K", teamID: "T", signer: signer, clock: clock)
        let first = try cache.token()
        clock.advance(seconds: 2999)
        #expect(try cache.token() == first)
        clock.advance(seconds: 1)
        let second = try cache.token()
        #expect(second != first)
        #expect(signer.calls.withLock { $0.count } == 2)
        clock.advance(seconds: 10)
        #expect(try cache.token() == second)
    }

    @Test func refusedTokenIsRenewedButNotBeforeTwentyMinutes() throws {
        let clock = ManualWallClock()
        let signer = CountingSigner()
        let cache = APNsProviderTokenCache(keyID: "K", teamID: "T", signer: signer, clock: clock)
        let first = try cache.token()
        clock.advance(seconds: 60)
        cache.tokenRefused(first)
        #expect(try cache.token() == first)
        clock.advance(seconds: 1139)
        #expect(try cache.token() == first)
        clock.advance(seconds: 1)
        let second = try cache.token()
        #expect(second != first)
        cache.tokenRefused(first)  // a stale report about an older token changes nothing
        clock.advance(seconds: 1200)
        #expect(try cache.token() == second)
        #expect(signer.calls.withLock { $0.count } == 2)
    }
}

@Suite struct PushOutboxTests {
    @Test func writesEachNotificationAsOneJSONFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-outbox-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        let outbox = PushOutbox(directory: "\(directory)/nested", clock: clock)
        let expiration = Timestamp(millisecondsSince1970: 1_790_086_400_000)

        let first = try await outbox.send(reminder(expiration: expiration, collapseID: "m-1-7"))
        clock.advance(seconds: 1)
        let second = try await outbox.send(PushNotification(deviceToken: "ab12", title: "Second", body: "B"))

        guard case .delivered(let id?) = first, case .delivered(let otherID?) = second else {
            Issue.record("outbox results \(first), \(second)")
            return
        }
        #expect(id.hasPrefix("outbox-") && id != otherID)
        let written = try outbox.notifications()
        try #require(written.count == 2)
        #expect(written[0]["device_token"] == .string(token))
        #expect(written[0]["payload"] == reminder().payload)
        #expect(written[0]["collapse_id"] == "m-1-7")
        #expect(written[0]["priority"] == 5)
        #expect(written[0]["expiration"] == .string(expiration.iso8601))
        #expect(written[0]["created_at"] == "2026-09-21T14:13:20.000Z")
        #expect(written[1]["payload"]?["aps"]?["alert"]?["title"] == "Second")
        #expect(written[1]["collapse_id"] == .null)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/nested")
        #expect(names.count == 2 && names.allSatisfy { $0.hasSuffix(".json") })
        let permissions = try FileManager.default.attributesOfItem(atPath: "\(directory)/nested")[.posixPermissions] as? Int
        #expect(permissions == 0o700)
    }

    @Test func unwritableDirectoryThrows() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("push-outbox-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outbox = PushOutbox(directory: file.path + "/inside")
        await #expect(throws: PushOutboxError.self) {
            _ = try await outbox.send(reminder())
        }
    }
}
