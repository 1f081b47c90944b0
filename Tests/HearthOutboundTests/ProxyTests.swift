import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import HearthOutbound

/// The browser proxy over loopback: ``OutboundProxy`` in front of ``TestHTTPServer`` and
/// ``TestEchoServer``, spoken to byte by byte with ``ProxyTestClient``. `shop.test` resolves
/// to the servers' loopback address, `intranet.test` to a private address that must be
/// refused before anything connects to it.
struct ProxyTests {
    static let resolver = StubResolver(table: ["shop.test": ["127.0.0.1"], "intranet.test": ["10.0.0.5"]])

    static func policy(allowing hosts: Set<String> = []) -> OutboundPolicy {
        OutboundPolicy().with { $0.allowedPrivateHosts = hosts }
    }

    /// Runs `body` against a proxy that records its refusals, then shuts it down.
    @discardableResult
    static func withProxy<T>(
        _ policy: OutboundPolicy,
        limits: OutboundProxy.Limits = .init(),
        _ body: (OutboundProxy, Refusals) async throws -> T
    ) async throws -> T {
        let refusals = Refusals()
        let proxy = try await OutboundProxy.start(
            policy: policy, resolver: resolver, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            limits: limits, onRefusal: { refusals.append($0, $1) })
        do {
            let result = try await body(proxy, refusals)
            try await proxy.shutdown()
            return result
        } catch {
            try? await proxy.shutdown()
            throw error
        }
    }

    final class Refusals: Sendable {
        private let seen = NIOLockedValueBox<[String]>([])
        func append(_ host: String, _ reason: String) { seen.withLockedValue { $0.append("\(host) \(reason)") } }
        var all: [String] { seen.withLockedValue { $0 } }
    }

    static func get(_ url: String, via proxy: OutboundProxy, extraHeaders: String = "") async throws -> ProxyTestClient.Response {
        try await ProxyTestClient.send("GET \(url) HTTP/1.1\r\nProxy-Connection: keep-alive\r\n\(extraHeaders)\r\n", port: proxy.port)
    }

    // MARK: plain http

    @Test func forwardsGetToAnAllowListedHost() async throws {
        try await TestHTTPServer.withServer { server in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
                let response = try await Self.get("http://shop.test:\(server.port)/page", via: proxy)
                #expect(response.status == 200)
                #expect(response.body == "<html>hello</html>")
                #expect(response.header("connection") == "close")
                #expect(server.hits("/page") == 1)
                #expect(refusals.all.isEmpty)
            }
        }
    }

    @Test func rewritesTheRequestForTheOrigin() async throws {
        try await TestHTTPServer.withServer { server in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, _ in
                let response = try await Self.get(
                    "http://shop.test:\(server.port)/echo-headers?q=1", via: proxy,
                    extraHeaders: "Host: elsewhere.example\r\nProxy-Authorization: Basic eA==\r\nKeep-Alive: 5\r\nX-Kept: yes\r\n")
                let seen = response.body.split(separator: "\n").map(String.init)
                #expect(response.status == 200)
                #expect(seen.contains("host: shop.test:\(server.port)"))
                #expect(seen.contains("connection: close"))
                #expect(seen.contains("x-kept: yes"))
                #expect(!seen.contains { $0.hasPrefix("proxy-") || $0.hasPrefix("keep-alive") })
                #expect(server.hits("/echo-headers") == 1)
            }
        }
    }

    @Test func headRequestsGetNoBody() async throws {
        try await TestHTTPServer.withServer { server in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, _ in
                let response = try await ProxyTestClient.send(
                    "HEAD http://shop.test:\(server.port)/page HTTP/1.1\r\n\r\n", port: proxy.port)
                #expect(response.status == 200)
                #expect(response.header("content-length") == "18")
                #expect(response.body == "")
            }
        }
    }

    @Test func loopbackNameWithoutTheAllowListIsRefused() async throws {
        try await TestHTTPServer.withServer { server in
            try await Self.withProxy(Self.policy()) { proxy, refusals in
                let response = try await Self.get("http://shop.test:\(server.port)/page", via: proxy)
                #expect(response.status == 403)
                #expect(response.body == "blocked-address\n")
                #expect(server.hits("/page") == 0)
                #expect(refusals.all == ["shop.test blocked-address"])
            }
        }
    }

    /// 10.0.0.5 is never connected to: a connection attempt would end in 502 or 504.
    @Test func privateAddressIsRefusedBeforeConnecting() async throws {
        try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
            let plain = try await Self.get("http://intranet.test/", via: proxy)
            let tunnel = try await ProxyTestClient.send("CONNECT intranet.test:443 HTTP/1.1\r\n\r\n", port: proxy.port)
            #expect(plain.status == 403)
            #expect(tunnel.status == 403)
            #expect(refusals.all == ["intranet.test blocked-address", "intranet.test blocked-address"])
        }
    }

    @Test func ipLiteralIsRefusedUnlessAllowListed() async throws {
        try await TestHTTPServer.withServer { server in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
                let response = try await Self.get("http://127.0.0.1:\(server.port)/page", via: proxy)
                #expect(response.status == 403)
                #expect(refusals.all == ["127.0.0.1 blocked-address"])
            }
            #expect(server.hits("/page") == 0)
            try await Self.withProxy(Self.policy(allowing: ["127.0.0.1"])) { proxy, _ in
                let response = try await Self.get("http://127.0.0.1:\(server.port)/page", via: proxy)
                #expect(response.status == 200)
                #expect(response.body == "<html>hello</html>")
            }
        }
    }

    // MARK: CONNECT

    @Test func connectTunnelsBytesBothWays() async throws {
        try await TestEchoServer.withServer { echo in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
                try await ProxyTestClient.withConnection(port: proxy.port) { inbound, outbound in
                    try await outbound.write(ByteBuffer(string: "CONNECT shop.test:\(echo.port) HTTP/1.1\r\nHost: shop.test\r\n\r\n"))
                    let (head, rest) = try await ProxyTestClient.readHead(&inbound)
                    #expect(head.status == 200)
                    #expect(rest == "")
                    try await outbound.write(ByteBuffer(string: "ping"))
                    #expect(try await ProxyTestClient.read(4, from: &inbound) == "ping")
                    let large = String(repeating: "0123456789abcdef", count: 64 * 1024)
                    try await outbound.write(ByteBuffer(string: large))
                    #expect(try await ProxyTestClient.read(large.utf8.count, from: &inbound) == large)
                }
                #expect(echo.connectionCount == 1)
                #expect(refusals.all.isEmpty)
            }
        }
    }

    @Test func connectToARefusedHostIs403() async throws {
        try await TestEchoServer.withServer { echo in
            try await Self.withProxy(Self.policy()) { proxy, refusals in
                let loopback = try await ProxyTestClient.send("CONNECT shop.test:\(echo.port) HTTP/1.1\r\n\r\n", port: proxy.port)
                let literal = try await ProxyTestClient.send("CONNECT 127.0.0.1:\(echo.port) HTTP/1.1\r\n\r\n", port: proxy.port)
                // Refused before resolution: public.test is not even in the stub's table.
                let port = try await ProxyTestClient.send("CONNECT public.test:22 HTTP/1.1\r\n\r\n", port: proxy.port)
                #expect(loopback.status == 403)
                #expect(literal.status == 403)
                #expect(port.status == 403)
                #expect(port.body == "port-not-allowed\n")
                #expect(echo.connectionCount == 0)
                #expect(refusals.all == ["shop.test port-not-allowed", "127.0.0.1 port-not-allowed", "public.test port-not-allowed"])
            }
        }
    }

    @Test func connectOnAnAllowedPortStillChecksTheAddress() async throws {
        try await Self.withProxy(Self.policy()) { proxy, refusals in
            let response = try await ProxyTestClient.send("CONNECT shop.test:443 HTTP/1.1\r\n\r\n", port: proxy.port)
            #expect(response.status == 403)
            #expect(refusals.all == ["shop.test blocked-address"])
        }
    }

    /// A port that was just free: a listener is opened and closed again.
    static func closedPort() async throws -> Int {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = listener.localAddress?.port ?? 0
        try await listener.close()
        return port
    }

    @Test func unreachableDestinationIs502() async throws {
        let port = try await Self.closedPort()
        try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
            let response = try await ProxyTestClient.send("CONNECT shop.test:\(port) HTTP/1.1\r\n\r\n", port: proxy.port)
            #expect(response.status == 502)
            #expect(refusals.all == ["shop.test connect-failed"])
        }
    }

    // MARK: malformed and limits

    @Test(arguments: [
        "GET /page HTTP/1.1\r\nHost: shop.test\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\n\r\n",
        "GET https://shop.test/ HTTP/1.1\r\n\r\n",
        "CONNECT shop.test HTTP/1.1\r\n\r\n",
        "CONNECT shop.test:99999 HTTP/1.1\r\n\r\n",
        "CONNECT [::1 HTTP/1.1\r\n\r\n",
        "GET http://user@shop.test/ HTTP/1.1\r\n\r\n",
        "GET http://shop.test/ HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
        "NONSENSE\r\n\r\n",
    ])
    func malformedRequestsAre400(request: String) async throws {
        try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
            let response = try await ProxyTestClient.send(request, port: proxy.port)
            #expect(response.status == 400)
            #expect(refusals.all.count == 1)
            #expect(proxy.refusalCount == 1)
        }
    }

    @Test func otherMethodsOnHTTPURLsAre405() async throws {
        try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, _ in
            let response = try await ProxyTestClient.send("POST http://shop.test/ HTTP/1.1\r\n\r\n", port: proxy.port)
            #expect(response.status == 405)
            #expect(response.header("allow") == "GET, HEAD, CONNECT")
        }
    }

    @Test func oversizedHeadersAre431() async throws {
        try await Self.withProxy(Self.policy(allowing: ["shop.test"])) { proxy, refusals in
            let filler = String(repeating: "x", count: 20 * 1024)
            let response = try await Self.get("http://shop.test/", via: proxy, extraHeaders: "X-Filler: \(filler)\r\n")
            #expect(response.status == 431)
            #expect(refusals.all == [" header-too-large"])
        }
    }

    @Test func connectionsBeyondTheCapAre503() async throws {
        try await TestEchoServer.withServer { echo in
            try await Self.withProxy(Self.policy(allowing: ["shop.test"]), limits: .init(maxConnections: 1)) { proxy, refusals in
                try await ProxyTestClient.withConnection(port: proxy.port) { inbound, outbound in
                    try await outbound.write(ByteBuffer(string: "CONNECT shop.test:\(echo.port) HTTP/1.1\r\n\r\n"))
                    #expect(try await ProxyTestClient.readHead(&inbound).head.status == 200)
                    // The tunnel is open, so the cap is reached.
                    let second = try await ProxyTestClient.withConnection(port: proxy.port) { inbound, _ in
                        ProxyTestClient.parse(try await ProxyTestClient.readToEnd(&inbound))
                    }
                    #expect(second.status == 503)
                }
                #expect(refusals.all == [" too-many-connections"])
            }
        }
    }

    @Test func refusalCallbackHearsEachRefusal() async throws {
        try await Self.withProxy(Self.policy()) { proxy, refusals in
            _ = try await Self.get("http://intranet.test/a", via: proxy)
            _ = try await Self.get("http://localhost/", via: proxy)
            _ = try await ProxyTestClient.send("GET /relative HTTP/1.1\r\n\r\n", port: proxy.port)
            _ = try await Self.get("http://nowhere.test/", via: proxy)
            #expect(refusals.all == [
                "intranet.test blocked-address", "localhost blocked-address", " malformed-request",
                "nowhere.test unresolvable-host",
            ])
            #expect(proxy.refusalCount == 4)
        }
    }
}
