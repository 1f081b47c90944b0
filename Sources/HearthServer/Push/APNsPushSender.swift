import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import Logging
import NIOCore

/// Signs provider tokens with the team's APNs auth key (the `.p8` file: a PEM PKCS#8 P-256
/// private key), giving the raw 64-byte r‖s ES256 signature.
public struct APNsP256Signer: APNsTokenSigning {
    private let key: P256.Signing.PrivateKey

    /// `pem`: the contents of the `.p8` file.
    public init(pem: String) throws {
        key = try P256.Signing.PrivateKey(pemRepresentation: pem)
    }

    public init(key: P256.Signing.PrivateKey) {
        self.key = key
    }

    public func signature(for input: [UInt8]) throws -> [UInt8] {
        Array(try key.signature(for: input).rawRepresentation)
    }
}

/// Where and as whom a server talks to APNs.
public struct APNsSettings: Sendable {
    /// `scheme://host[:port]`, without a trailing slash: ``APNs/productionHost``,
    /// ``APNs/sandboxHost``, or a fake's address in tests.
    public var host: String
    /// `apns-topic`: the app's bundle id.
    public var topic: String
    /// The auth key's id (the provider token's `kid`).
    public var keyID: String
    /// The developer team id (the provider token's `iss`).
    public var teamID: String
    /// The contents of the auth key's `.p8` file.
    public var keyPEM: String
    /// How long one request (answer included) may take.
    public var timeout: TimeAmount

    public init(host: String, topic: String, keyID: String, teamID: String, keyPEM: String, timeout: TimeAmount = .seconds(10)) {
        self.host = host.hasSuffix("/") ? String(host.dropLast()) : host
        self.topic = topic
        self.keyID = keyID
        self.teamID = teamID
        self.keyPEM = keyPEM
        self.timeout = timeout
    }

    public static func production(topic: String, keyID: String, teamID: String, keyPEM: String) -> APNsSettings {
        APNsSettings(host: APNs.productionHost, topic: topic, keyID: keyID, teamID: teamID, keyPEM: keyPEM)
    }

    public static func sandbox(topic: String, keyID: String, teamID: String, keyPEM: String) -> APNsSettings {
        APNsSettings(host: APNs.sandboxHost, topic: topic, keyID: keyID, teamID: teamID, keyPEM: keyPEM)
    }
}

/// Sends push notifications through the APNs provider API: `POST {host}/3/device/{token}`
/// over HTTP/2 (AsyncHTTPClient negotiates it through ALPN), authenticated with an ES256
/// provider token from ``APNsProviderTokenCache``.
///
/// When APNs refuses the provider token (403 `ExpiredProviderToken`/`InvalidProviderToken`)
/// the sender tells the cache and, if the cache then hands out a different token, retries
/// once with it. The cache does not renew a token younger than 20 minutes (APNs would answer
/// `TooManyProviderTokenUpdates`), so in that case the refusal is returned as is; resending
/// with the token just refused could only be refused again.
///
/// A device token that cannot be an APNs token (not hexadecimal) is never sent and gives
/// `.tokenNoLongerValid(reason: "BadDeviceToken")`, as APNs would answer.
public struct APNsPushSender: PushSender {
    public let settings: APNsSettings
    public let tokens: APNsProviderTokenCache
    private let client: HTTPClient
    private let logger: Logger

    /// `client`: the HTTP client to use (`HTTPClient.shared` by default, which needs no
    /// shutdown); tests pass one that trusts their certificate. The caller shuts down a
    /// client it passes.
    public init(
        settings: APNsSettings, client: HTTPClient = .shared, clock: any WallClock = SystemWallClock(),
        logger: Logger = Logger(label: "hearth.push.apns")
    ) throws {
        self.settings = settings
        self.tokens = APNsProviderTokenCache(
            keyID: settings.keyID, teamID: settings.teamID, signer: try APNsP256Signer(pem: settings.keyPEM), clock: clock)
        self.client = client
        self.logger = logger
    }

    public func send(_ notification: PushNotification) async throws -> PushResult {
        let providerToken = try tokens.token()
        let first = try await attempt(notification, providerToken: providerToken)
        guard APNs.refusesProviderToken(first) else { return first }
        tokens.tokenRefused(providerToken)
        let renewed = try tokens.token()
        guard renewed != providerToken else {
            logger.warning("APNs refused the provider token, which is too young to renew", metadata: ["result": "\(first)"])
            return first
        }
        return try await attempt(notification, providerToken: renewed)
    }

    private func attempt(_ notification: PushNotification, providerToken: String) async throws -> PushResult {
        guard let request = APNs.request(for: notification, topic: settings.topic, providerToken: providerToken) else {
            return .tokenNoLongerValid(reason: "BadDeviceToken")
        }
        var http = HTTPClientRequest(url: settings.host + request.path)
        http.method = .POST
        for (name, value) in request.headers { http.headers.add(name: name, value: value) }
        http.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await client.execute(http, deadline: .now() + settings.timeout, logger: logger)
        // APNs error bodies are a few dozen bytes; anything longer is not worth reading.
        let body = try await response.body.collect(upTo: 64 * 1024)
        return APNs.result(
            status: Int(response.status.code), apnsID: response.headers.first(name: "apns-id"), body: Array(buffer: body))
    }
}
