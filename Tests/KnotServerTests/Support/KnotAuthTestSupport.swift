import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Hummingbird
import KnotServer
import NIOPosix

/// Header sets and readers shared by the auth tests.
enum GoTrue {
    /// What both SDKs send on every call (research doc §1): errors then come as `{code, message}`.
    static let versioned = [("X-Supabase-Api-Version", "2024-01-01")]

    /// The claims of a compact JWT, unverified (tests read what the server issued).
    static func claims(_ token: String) -> JSONValue {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return .null }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return .null }
        return (try? JSONParser().parse(Array(data))) ?? .null
    }

    /// The key/value pairs of a query or fragment (`a=1&b=2`), `+` read as space.
    static func form(_ text: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for item in text.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            pairs[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return pairs
    }

    /// A PKCE pair: a verifier and its S256 challenge.
    static func pkcePair() -> (verifier: String, challenge: String) {
        let verifier = (0..<3).map { _ in UUID().uuidString }.joined(separator: "-")
        return (verifier, Base64URLText.sha256(verifier))
    }
}

/// Knot with a probe route behind ``KnotAuth/requireUser`` and ``KnotAuth/postgrestCaller(_:)``,
/// so the middleware is tested apart from the API routes that use it.
struct KnotProbeApp: KnotAppWrapper {
    let knot: KnotApp
    var name: String { knot.name }
    var displayName: String { knot.displayName }
    var summary: String { knot.summary }
    var migrations: [Migration] { knot.migrations }
    var errorFormat: any ErrorResponseFormat { knot.errorFormat }

    func administration(services: AppServices) -> (any AccountAdministration)? { knot.administration(services: services) }

    func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        knot.addRoutes(to: routes, services: services)
        let auth = KnotAuth(services: services, settings: knot.settings)
        routes.group("probe/user").add(middleware: auth.requireUser).get { _, context in
            Response.json(["user_id": .string(context.userID ?? ""), "session_id": .string(context.sessionID ?? "")])
        }
        routes.get("probe/postgrest") { request, _ in
            do throws(PostgRESTAuthFailure) {
                let caller = try auth.postgrestCaller(request)
                return Response.json(["caller": caller.map { .string($0) } ?? .null])
            } catch {
                var headers = HTTPFields()
                headers[.wwwAuthenticate] = error.wwwAuthenticate
                return Response.json(["code": .string(error.code), "message": .string(error.message)], status: .unauthorized, headers: headers)
            }
        }
    }
}

extension TestServer {
    /// Knot plus the probe routes, mounted at the root.
    static func knotProbe<T: Sendable>(
        engine: TestEngine, settings: KnotSettings = KnotSettings(), clock: any WallClock = SystemWallClock(),
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = testConfiguration()
        configuration.rootApp = KnotApp.appName
        configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("knot-test-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
        return try await run(engine: engine, apps: [KnotProbeApp(knot: KnotApp(settings: settings))], configuration: configuration, clock: clock, body)
    }

    /// `POST /auth/v1/<path>` with `json` and the versioned header.
    func auth(_ path: String, _ json: JSONValue, headers: [(String, String)] = GoTrue.versioned) async throws -> TestResponse {
        try await request(.POST, "/auth/v1/\(path)", json: json, headers: headers + knotAPIKeyHeaders)
    }

    /// One request whose redirect is returned, not followed (mail links answer 303).
    func requestNotFollowing(_ path: String, headers: [(String, String)] = []) async throws -> TestResponse {
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            var request = HTTPClientRequest(url: baseURL + path)
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            let response = try await client.execute(request, timeout: .seconds(30))
            let bytes = try await response.body.collect(upTo: 1024 * 1024)
            try await client.shutdown()
            return TestResponse(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// The newest mail in the outbox.
    func lastMail() throws -> JSONValue {
        guard let mail = try knotOutbox().last else { throw NoMail() }
        return mail
    }
}

struct NoMail: Error {}

enum Base64URLText {
    static func sha256(_ text: String) -> String {
        Data(SHA256.hash(data: Array(text.utf8))).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

enum SHA256Text {
    static func hex(_ text: String) -> String { SHA256.hash(data: Array(text.utf8)).hexString }
}

/// HS256 tokens signed by the test, for tokens the server did not issue.
enum KnotAuthKeysForTests {
    static func sign(_ claims: [String: JSONValue], secret: [UInt8]) -> String {
        func encode(_ bytes: some Sequence<UInt8>) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let input = encode(#"{"alg":"HS256","typ":"JWT"}"#.utf8) + "." + encode(JSONValue.object(claims).serialized())
        let signature = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: secret))
        return input + "." + encode(signature)
    }
}
