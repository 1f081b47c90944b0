import AsyncHTTPClient
import Foundation
import HearthCore
import JWTKit
import Logging
import NIOCore

/// OAuth2 access tokens for FCM, from a service account's JWT-bearer grant (RFC 7523):
/// an RS256 assertion `{iss: client_email, scope, aud: token_uri, iat, exp: iat + 1 h}`
/// is posted to the token endpoint, whose `access_token` is reused until
/// ``refreshMargin`` before its `expires_in` runs out. Concurrent callers share one exchange.
public actor FCMAccessTokens {
    public static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// Renew this long before the token expires, so none expires in flight.
    public static let refreshMargin: Int64 = 300
    static let assertionLifetime: Int64 = 3600

    struct Cached {
        var token: String
        var expiresAt: Timestamp
    }

    private let account: FCMServiceAccount
    private let tokenURL: String
    private let client: HTTPClient
    private let clock: any WallClock
    private let timeout: TimeAmount
    private let logger: Logger
    private let key: Insecure.RSA.PrivateKey
    private var cached: Cached?
    private var exchange: Task<Cached, any Error>?

    public init(
        account: FCMServiceAccount, tokenURL: String, client: HTTPClient, clock: any WallClock, timeout: TimeAmount = .seconds(10),
        logger: Logger
    ) throws {
        self.account = account
        self.tokenURL = tokenURL
        self.client = client
        self.clock = clock
        self.timeout = timeout
        self.logger = logger
        key = try account.signingKey()
    }

    /// A token valid for at least ``refreshMargin`` more seconds.
    public func token() async throws -> String {
        if let cached, cached.expiresAt.millisecondsSince1970 - clock.now.millisecondsSince1970 > Self.refreshMargin * 1000 {
            return cached.token
        }
        if let exchange { return try await exchange.value.token }
        let task = Task { try await self.fetch() }
        exchange = task
        defer { exchange = nil }
        let fresh = try await task.value
        cached = fresh
        return fresh.token
    }

    /// Forgets `token` after FCM refused it (401), so the next call fetches another.
    public func refused(_ token: String) {
        if cached?.token == token { cached = nil }
    }

    struct AssertionClaims: JWTPayload {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int64
        var exp: Int64

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private func fetch() async throws -> Cached {
        let now = clock.now
        let issuedAt = now.millisecondsSince1970 / 1000
        let kid = account.privateKeyID.map(JWKIdentifier.init(string:))
        // Once an hour at most, so a fresh collection per exchange costs nothing.
        let keys = await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256, kid: kid)
        let assertion = try await keys.sign(
            AssertionClaims(
                iss: account.clientEmail, scope: Self.scope, aud: account.tokenURI, iat: issuedAt, exp: issuedAt + Self.assertionLifetime),
            kid: kid)
        var request = HTTPClientRequest(url: tokenURL)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        let form = "grant_type=" + Self.formEncoded("urn:ietf:params:oauth:grant-type:jwt-bearer") + "&assertion=" + Self.formEncoded(assertion)
        request.body = .bytes(ByteBuffer(string: form))
        let response = try await client.execute(request, deadline: .now() + timeout, logger: logger)
        let body = Array(buffer: try await response.body.collect(upTo: 64 * 1024))
        let document = try? JSONParser().parse(body)
        guard response.status.code == 200, let token = document?["access_token"]?.stringValue, !token.isEmpty else {
            let reason = document?["error_description"]?.stringValue ?? document?["error"]?.stringValue
            throw FCMAccessTokenError(status: Int(response.status.code), reason: reason)
        }
        let lifetime = document?["expires_in"]?.intValue ?? Self.assertionLifetime
        return Cached(token: token, expiresAt: now.adding(seconds: max(0, lifetime)))
    }

    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// The token endpoint refused the assertion (wrong key, clock skew, revoked account).
public struct FCMAccessTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    public let status: Int
    public let reason: String?

    public var description: String { "the OAuth2 token endpoint answered \(status)" + (reason.map { ": \($0)" } ?? "") }
}
