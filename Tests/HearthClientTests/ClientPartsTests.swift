import Foundation
import HearthCore
import Testing

@testable import HearthClient

@Suite("Client parts")
struct ClientPartsTests {
    @Test func hearthErrorBodiesMapToTheirCode() {
        let error = ClientError.from(TransportResponse(status: 410, body: Data(#"{"error":{"code":"CURSOR_EXPIRED","message":"Resync"}}"#.utf8)))
        #expect(error == .server(status: 410, code: "CURSOR_EXPIRED", message: "Resync"))
    }

    @Test func originalDetailBodiesMapToTheirMessage() {
        let plain = ClientError.from(TransportResponse(status: 409, body: Data(#"{"detail":"Email already registered"}"#.utf8)))
        #expect(plain == .server(status: 409, code: nil, message: "Email already registered"))
        let validation = ClientError.from(
            TransportResponse(status: 422, body: Data(#"{"detail":[{"loc":["body","password"],"msg":"too short","type":"x"}]}"#.utf8)))
        #expect(validation == .server(status: 422, code: nil, message: "password: too short"))
    }

    @Test func bodiesWithoutStructureFallBackToTheStatus() {
        let error = ClientError.from(TransportResponse(status: 503, body: Data("<html>".utf8)))
        #expect(error == .server(status: 503, code: nil, message: "The server failed to handle the request"))
        #expect(error.isTransient)
        #expect(!ClientError.server(status: 403, code: nil, message: "").isTransient)
    }

    @Test func backoffGrowsExponentiallyWithJitterAndACap() {
        let backoff = Backoff(base: .seconds(1), maximum: .seconds(30))
        var generator = SystemRandomNumberGenerator()
        for failures in 1...10 {
            let full = min(Duration.seconds(1) * (1 << (failures - 1)), .seconds(30))
            let delay = backoff.delay(afterFailures: failures, using: &generator)
            #expect(delay >= full * 0.5 && delay <= full)
        }
        let samples = Set((0..<20).map { _ in backoff.delay(afterFailures: 4, using: &generator) })
        #expect(samples.count > 1)
    }

    @Test func serverSentEventsAreSplitAcrossChunks() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Data("data: {\"seq\":1}\n".utf8)) == [])
        #expect(parser.feed(Data("\n: keep-alive\n\ndata: {\"seq\"".utf8)) == ["{\"seq\":1}"])
        #expect(parser.feed(Data(":2}\r\n\r\n".utf8)) == ["{\"seq\":2}"])
    }

    @Test func theFileTokenStoreIsOwnerOnlyAndRoundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileTokenStore(path: directory.file("profile/tokens.json"))
        #expect(try store.load() == nil)
        let credentials = Credentials(userID: "user:1", accessToken: "a", refreshToken: "r", accessExpiresAt: Timestamp(millisecondsSince1970: 5000))
        try store.save(credentials)
        #expect(try store.load() == credentials)
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try store.clear()
        #expect(try store.load() == nil)
    }

    @Test func apiPathsKeepDocumentIdColonsAndEncodeTheRest() throws {
        let url = HearthAPI.encodePath("/api/v1/wishlists/wishlist:abc/share/a b")
        #expect(url == "/api/v1/wishlists/wishlist:abc/share/a%20b")
    }
}
