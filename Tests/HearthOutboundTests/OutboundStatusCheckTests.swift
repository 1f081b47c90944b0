import NIOHTTP1
import NIOPosix
import Testing

@testable import HearthOutbound

/// ``OutboundStatusChecker``: one request, redirects reported rather than followed, and
/// the same address checks as the fetcher.
struct OutboundStatusCheckTests {
    static func checker(_ policy: OutboundPolicy = .loopback, resolver: (any HostResolver)? = nil) -> OutboundStatusChecker {
        OutboundStatusChecker(
            policy: policy, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            resolver: resolver ?? SystemHostResolver(threadPool: .singleton))
    }

    @Test(arguments: [HTTPMethod.HEAD, .GET])
    func reportsTheStatusOfAnExistingPage(_ method: HTTPMethod) async throws {
        try await TestHTTPServer.withServer { server in
            let status = try await Self.checker().status(of: server.url("/page"), method: method)
            #expect(status == 200)
            #expect(server.hits("/page") == 1)
        }
    }

    /// Only the head is read: a GET of a huge streamed body answers at once and the
    /// stream is abandoned.
    @Test func theBodyIsNotRead() async throws {
        try await TestHTTPServer.withServer { server in
            let status = try await Self.checker().status(of: server.url("/huge"), method: .GET)
            #expect(status == 200)
            #expect(!server.hugeStream.finished)
        }
    }

    @Test func aMissingPageIsAnAnswerNotAnError() async throws {
        try await TestHTTPServer.withServer { server in
            let status = try await Self.checker().status(of: server.url("/nowhere"))
            #expect(status == 404)
        }
    }

    @Test(arguments: [("/moved", 301), ("/see-other", 303), ("/temporary", 307), ("/permanent", 308), ("/loop", 302)])
    func redirectsAreReportedAndNotFollowed(_ path: String, expected: Int) async throws {
        try await TestHTTPServer.withServer { server in
            let status = try await Self.checker().status(of: server.url(path))
            #expect(status == expected)
            #expect(server.hits(path) == 1)
            #expect(server.hits("/page") == 0)
        }
    }

    @Test(arguments: ["", "not a url", "ftp://127.0.0.1/", "http://u@127.0.0.1/", "http://0x7f.1/"])
    func invalidURLsAreRefused(_ url: String) async {
        await #expect(throws: OutboundError.invalidURL) {
            try await Self.checker().status(of: url)
        }
    }

    /// Refused before any connection: the stub resolver is the only name lookup, and the
    /// literals are checked without one.
    @Test(arguments: [
        ("http://intranet.example/", OutboundError.blockedAddress(host: "intranet.example")),
        ("http://mixed.example/", .blockedAddress(host: "mixed.example")),
        ("http://10.0.0.1/", .blockedAddress(host: "10.0.0.1")),
        ("http://169.254.169.254/latest/meta-data/", .blockedAddress(host: "169.254.169.254")),
        ("http://[fd00::1]/", .blockedAddress(host: "fd00::1")),
        ("http://localhost/", .blockedAddress(host: "localhost")),
        ("http://unknown.example/", .unresolvableHost),
    ])
    func privateAddressesAreRefused(_ url: String, expected: OutboundError) async {
        let resolver = StubResolver(table: [
            "intranet.example": ["192.168.1.20"],
            "mixed.example": ["93.184.216.34", "10.1.2.3"],
        ])
        await #expect(throws: expected) {
            try await Self.checker(OutboundPolicy(), resolver: resolver).status(of: url)
        }
    }

    /// Loopback is allowed only under the allow-listed spelling: a name resolving to it is
    /// refused, so the server never sees the request.
    @Test func aNameResolvingToTheAllowListedLoopbackIsStillRefused() async throws {
        try await TestHTTPServer.withServer { server in
            let resolver = StubResolver(table: ["sneaky.example": ["127.0.0.1"]])
            await #expect(throws: OutboundError.blockedAddress(host: "sneaky.example")) {
                try await Self.checker(resolver: resolver).status(of: "http://sneaky.example:\(server.port)/page")
            }
            #expect(server.hits("/page") == 0)
        }
    }

    @Test func aSlowAnswerTimesOut() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.timeout) {
                try await Self.checker().status(of: server.url("/slow"), timeout: .milliseconds(200))
            }
        }
    }
}
