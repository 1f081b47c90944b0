import AsyncHTTPClient
import HearthCore
import Logging
import NIOCore

/// Sends push notifications through FCM HTTP v1:
/// `POST {api}/v1/projects/{project}/messages:send` with a bearer token from
/// ``FCMAccessTokens``. When FCM answers 401 the token is dropped and the message is sent
/// once more with a fresh one.
public struct FCMPushSender: PushSender {
    public let settings: FCMSettings
    public let tokens: FCMAccessTokens
    private let client: HTTPClient
    private let logger: Logger

    /// `client`: `HTTPClient.shared` by default (needs no shutdown); the caller shuts down a
    /// client it passes.
    public init(
        settings: FCMSettings, client: HTTPClient = .shared, clock: any WallClock = SystemWallClock(),
        logger: Logger = Logger(label: "hearth.push.fcm")
    ) throws {
        self.settings = settings
        self.tokens = try FCMAccessTokens(
            account: settings.account, tokenURL: settings.tokenURL, client: client, clock: clock, timeout: settings.timeout, logger: logger)
        self.client = client
        self.logger = logger
    }

    public func send(_ notification: PushNotification) async throws -> PushResult {
        guard !notification.deviceToken.isEmpty else { return .tokenNoLongerValid(reason: "INVALID_ARGUMENT") }
        let accessToken = try await tokens.token()
        let first = try await attempt(notification, accessToken: accessToken)
        guard case .refused(401, _) = first else { return first }
        await tokens.refused(accessToken)
        return try await attempt(notification, accessToken: try await tokens.token())
    }

    private func attempt(_ notification: PushNotification, accessToken: String) async throws -> PushResult {
        var request = HTTPClientRequest(url: settings.sendURL)
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer " + accessToken)
        request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
        request.body = .bytes(ByteBuffer(bytes: FCM.body(for: notification).serialized()))
        let response = try await client.execute(request, deadline: .now() + settings.timeout, logger: logger)
        let body = try await response.body.collect(upTo: 64 * 1024)
        return FCM.result(status: Int(response.status.code), body: Array(buffer: body))
    }
}
