import Crypto
import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import WishWithMeServer

/// Google-like and Yandex-like OAuth providers on a real loopback HTTP server: a token
/// endpoint that checks what a real provider checks (client credentials, the code, the
/// redirect URI, the PKCE verifier against the challenge) and a user-info endpoint.
///
/// There is no browser, so there is no authorize page either: ``approve(_:as:)`` reads
/// the authorization URL the server built and grants a code, as a user clicking "Allow".
struct FakeOAuthProvider: Sendable {
    let port: Int
    let ledger: Ledger

    /// What the fake has granted and been asked.
    actor Ledger {
        struct Grant: Sendable {
            let provider: String
            let clientID: String
            let redirectURI: String
            let challenge: String
            let userInfo: JSONValue
        }

        var grants: [String: Grant] = [:]
        var accessTokens: [String: JSONValue] = [:]
        /// The form fields of every token request, in order.
        private(set) var tokenRequests: [[String: String]] = []
        /// The `Authorization` header of every user-info request.
        private(set) var userInfoAuthorizations: [String] = []
        /// The paths of profile-picture requests (`/avatar.png`).
        private(set) var avatarRequests: [String] = []

        func grant(_ code: String, _ grant: Grant) { grants[code] = grant }

        /// The user info behind a valid code exchange, or `nil` (the code is used up either way).
        func exchange(_ form: [String: String], provider: String) -> String? {
            tokenRequests.append(form)
            guard let code = form["code"], let grant = grants.removeValue(forKey: code), grant.provider == provider,
                form["grant_type"] == "authorization_code", form["client_id"] == grant.clientID,
                form["client_secret"] == FakeOAuthProvider.clientSecret(provider), form["redirect_uri"] == grant.redirectURI,
                let verifier = form["code_verifier"], FakeOAuthProvider.challenge(for: verifier) == grant.challenge
            else { return nil }
            let token = "token-\(UUID().uuidString)"
            accessTokens[token] = grant.userInfo
            return token
        }

        func userInfo(authorization: String?) -> JSONValue? {
            userInfoAuthorizations.append(authorization ?? "")
            guard let authorization, authorization.hasPrefix("Bearer ") else { return nil }
            return accessTokens[String(authorization.dropFirst(7))]
        }

        func recordAvatarRequest(_ path: String) { avatarRequests.append(path) }
    }

    static func clientID(_ provider: String) -> String { "client-\(provider)" }
    static func clientSecret(_ provider: String) -> String { "secret-\(provider)-do-not-log" }

    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Settings pointing a provider of the server at this fake.
    func settings(_ provider: OAuthProviderSettings.Provider, trustsEmails: Bool? = nil) -> OAuthProviderSettings {
        let name = provider.rawValue
        var settings =
            provider == .google
            ? OAuthProviderSettings.google(clientID: Self.clientID(name), clientSecret: Self.clientSecret(name))
            : OAuthProviderSettings.yandex(clientID: Self.clientID(name), clientSecret: Self.clientSecret(name))
        settings.authorizeURL = "\(baseURL)/\(name)/authorize"
        settings.tokenURL = "\(baseURL)/\(name)/token"
        settings.userInfoURL = "\(baseURL)/\(name)/userinfo"
        if let trustsEmails { settings.trustsEmails = trustsEmails }
        return settings
    }

    /// The code the provider redirects back with once the user allowed access.
    func approve(_ authorizationURL: String, as userInfo: JSONValue) async throws -> String {
        let query = try Self.query(of: authorizationURL)
        let provider = authorizationURL.hasPrefix("\(baseURL)/google/") ? "google" : "yandex"
        guard query["response_type"] == "code", query["code_challenge_method"] == "S256", let clientID = query["client_id"],
            let redirectURI = query["redirect_uri"], let challenge = query["code_challenge"]
        else { throw FakeProviderError(description: "not an authorization-code request with PKCE: \(authorizationURL)") }
        let code = "code-\(UUID().uuidString)"
        await ledger.grant(
            code, .init(provider: provider, clientID: clientID, redirectURI: redirectURI, challenge: challenge, userInfo: userInfo))
        return code
    }

    /// The decoded query of `url` (the last value of a repeated name wins).
    static func query(of url: String) throws -> [String: String] {
        guard let components = URLComponents(string: url) else { throw FakeProviderError(description: "not a URL: \(url)") }
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }

    /// Runs the fake on a free loopback port for the duration of `body`.
    static func run<T: Sendable>(_ body: @Sendable (FakeOAuthProvider) async throws -> T) async throws -> T {
        let ledger = Ledger()
        let router = Router()
        router.post(":provider/token") { request, context -> Response in
            let provider = context.parameters.get("provider") ?? ""
            let form = Self.form(String(buffer: try await request.body.collect(upTo: 64 * 1024)))
            guard let token = await ledger.exchange(form, provider: provider) else {
                let refusal: JSONValue = ["error": "invalid_grant", "error_description": "internal detail: code store at db-7.internal"]
                return Self.json(refusal, status: .badRequest)
            }
            return Self.json(["access_token": .string(token), "token_type": "Bearer", "expires_in": 3600])
        }
        router.get(":provider/userinfo") { request, _ -> Response in
            guard let userInfo = await ledger.userInfo(authorization: request.headers[.authorization]) else {
                return Self.json(["error": "invalid_token"], status: .unauthorized)
            }
            return Self.json(userInfo)
        }
        router.get("avatar.png") { request, _ -> Response in
            await ledger.recordAvatarRequest(request.uri.path)
            return Response(status: .notFound)
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body(FakeOAuthProvider(port: port, ledger: ledger)) }
    }

    private static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: value.serializedString())))
    }

    private static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}

struct FakeProviderError: Error, CustomStringConvertible {
    let description: String
}
