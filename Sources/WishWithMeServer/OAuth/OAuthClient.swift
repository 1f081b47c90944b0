import AsyncHTTPClient
import HearthCore
import Logging
import NIOCore

/// Why talking to a provider failed. Only ``publicMessage`` ever reaches a client; the
/// details go to the log (never a code, token or secret).
enum OAuthProviderFailure: Error, Sendable, Hashable {
    case unreachable
    case rejected(status: Int, error: String?)
    case malformedResponse
    case noUserID

    var publicMessage: String {
        switch self {
        case .noUserID: "The provider did not identify the user"
        default: "Could not complete sign-in with the provider"
        }
    }
}

/// The authorization-code grant against one provider (spec §3.1): the authorize URL the
/// browser goes to, then the code exchange and the user-info request, server to server.
struct OAuthClient: Sendable {
    let http: HTTPClient
    let logger: Logger

    /// For the whole exchange, body included (the client's own deadline ends at the head).
    static let timeout: Duration = .seconds(10)
    static let maxResponseBytes = 1024 * 1024

    /// `request`'s status and body, read within ``timeout`` and ``maxResponseBytes``.
    static func fetch(_ request: HTTPClientRequest, http: HTTPClient, maxBytes: Int) async throws -> FetchedResponse {
        try await withTimeout(timeout) {
            let response = try await http.execute(request, timeout: .seconds(timeout.components.seconds))
            let body = try await response.body.collect(upTo: maxBytes)
            return FetchedResponse(response: response, body: body)
        }
    }

    /// Where the browser signs in; `redirectURI` must be registered with the provider.
    func authorizationURL(for state: OAuthState, settings: OAuthProviderSettings, redirectURI: String) -> String {
        var items = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI),
            ("scope", settings.scopes), ("state", state.id), ("code_challenge", PKCE.challenge(for: state.codeVerifier)),
            ("code_challenge_method", "S256"),
        ]
        if settings.usesOpenIDConnect { items.append(("nonce", state.nonce)) }
        return URLQuery.appending(items, to: settings.authorizeURL)
    }

    /// Exchanges an authorization code for the provider's access token.
    func exchange(code: String, verifier: String, redirectURI: String, settings: OAuthProviderSettings) async throws(OAuthProviderFailure)
        -> String
    {
        var request = HTTPClientRequest(url: settings.tokenURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        let form = URLQuery.encode([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("client_id", settings.clientID),
            ("client_secret", settings.clientSecret), ("code_verifier", verifier),
        ])
        request.body = .bytes(ByteBuffer(string: form))
        let body = try await send(request, step: "token exchange", provider: settings.provider)
        guard let token = body["access_token"]?.stringValue, !token.isEmpty else {
            logger.warning("OAuth token response has no access_token", metadata: ["provider": "\(settings.provider.rawValue)"])
            throw .malformedResponse
        }
        return token
    }

    /// The signed-in user as the provider describes them.
    func identity(accessToken: String, settings: OAuthProviderSettings) async throws(OAuthProviderFailure) -> ProviderIdentity {
        var request = HTTPClientRequest(url: settings.userInfoURL)
        request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
        request.headers.add(name: "Accept", value: "application/json")
        let body = try await send(request, step: "user info", provider: settings.provider)
        guard let identity = ProviderIdentity(userInfo: body, settings: settings) else {
            logger.warning("OAuth user info names no user", metadata: ["provider": "\(settings.provider.rawValue)"])
            throw .noUserID
        }
        return identity
    }

    /// Sends `request` and parses the JSON answer of a 2xx response.
    private func send(_ request: HTTPClientRequest, step: String, provider: OAuthProviderSettings.Provider)
        async throws(OAuthProviderFailure) -> JSONValue
    {
        let metadata: Logger.Metadata = ["provider": "\(provider.rawValue)", "step": "\(step)"]
        let status: UInt
        let bytes: ByteBuffer
        do {
            let response = try await Self.fetch(request, http: http, maxBytes: Self.maxResponseBytes)
            status = response.status
            bytes = response.body
        } catch {
            logger.warning("OAuth provider unreachable", metadata: metadata.merging(["error": "\(type(of: error))"]) { $1 })
            throw .unreachable
        }
        let body = try? JSONParser(limits: .init(maxBytes: Self.maxResponseBytes, maxDepth: 32, maxStringBytes: Self.maxResponseBytes))
            .parse(bytes.readableBytesView)
        guard (200..<300).contains(status) else {
            // The provider's error code (e.g. `invalid_grant`) is safe to log; its free text is not needed.
            let providerError = body?["error"]?.stringValue.map { String($0.prefix(64)) }
            logger.warning(
                "OAuth provider refused", metadata: metadata.merging(["status": "\(status)", "error": "\(providerError ?? "-")"]) { $1 })
            throw .rejected(status: Int(status), error: providerError)
        }
        guard let body, body.objectValue != nil else {
            logger.warning("OAuth provider answered something other than a JSON object", metadata: metadata)
            throw .malformedResponse
        }
        return body
    }
}

/// A provider's response read to its end.
struct FetchedResponse: Sendable {
    let status: UInt
    let contentType: String?
    /// Every URL requested on the way, redirects included, the last one answered.
    let requestedURLs: [String]
    let body: ByteBuffer

    init(response: HTTPClientResponse, body: ByteBuffer) {
        status = response.status.code
        contentType = response.headers.first(name: "Content-Type")
        requestedURLs = response.history.map(\.request.url)
        self.body = body
    }
}
