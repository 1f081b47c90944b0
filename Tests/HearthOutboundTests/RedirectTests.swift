import NIOCore
import Testing

@testable import HearthOutbound

struct RedirectTests {
    @Test func followsAChainOfRedirects() async throws {
        try await TestHTTPServer.withServer { server in
            let response = try await makeFetcher().get(server.url("/chain/5"), accept: "*/*")
            #expect(response.url == server.url("/chain/0"))
            #expect(String(buffer: response.body) == "end of chain")
            #expect((0...5).allSatisfy { server.hits("/chain/\($0)") == 1 })
        }
    }

    @Test(arguments: ["/moved", "/see-other", "/temporary", "/permanent", "/deep/er/relative"])
    func followsEveryRedirectStatus(_ path: String) async throws {
        try await TestHTTPServer.withServer { server in
            let response = try await makeFetcher().get(server.url(path), accept: "*/*")
            #expect(response.url == server.url("/page"))
            #expect(String(buffer: response.body) == "<html>hello</html>")
        }
    }

    @Test func stopsAfterMaxRedirects() async throws {
        try await TestHTTPServer.withServer { server in
            let fetcher = makeFetcher(.loopback.with { $0.maxRedirects = 2 })
            _ = try await fetcher.get(server.url("/chain/2"), accept: "*/*")
            await #expect(throws: OutboundError.tooManyRedirects) {
                try await fetcher.get(server.url("/chain/3"), accept: "*/*")
            }
            #expect(server.hits("/chain/0") == 1)
        }
    }

    @Test func redirectLoopEnds() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.tooManyRedirects) {
                try await makeFetcher().get(server.url("/loop"), accept: "*/*")
            }
            #expect(server.hits("/loop") == 6)
        }
    }

    /// These would hit the server's own network; they must fail before any connection.
    @Test(arguments: [
        ("http://169.254.169.254/latest/meta-data/", OutboundError.blockedAddress(host: "169.254.169.254")),
        ("http://10.0.0.1/", .blockedAddress(host: "10.0.0.1")),
        ("http://[::ffff:169.254.169.254]/", .blockedAddress(host: "::ffff:169.254.169.254")),
        ("http://[fd00::1]/", .blockedAddress(host: "fd00::1")),
        ("http://metadata.google.internal/computeMetadata/v1/", .blockedAddress(host: "metadata.google.internal")),
        ("http://0xa9fea9fe/", .invalidURL),
        ("ftp://127.0.0.1/", .invalidURL),
    ])
    func redirectToForbiddenTargetIsBlocked(_ location: String, expected: OutboundError) async throws {
        try await TestHTTPServer.withServer { server in
            server.redirect("/go", to: location)
            await #expect(throws: expected) {
                try await makeFetcher().get(server.url("/go"), accept: "*/*")
            }
            #expect(server.hits("/go") == 1)
        }
    }

    /// Spellings of this very server that are not the allow-listed "127.0.0.1": had any of
    /// them been followed, the server would have counted a hit on /secret.
    @Test func redirectBackToLoopbackUnderAnotherNameIsBlocked() async throws {
        try await TestHTTPServer.withServer { server in
            let port = server.port
            let locations: [(String, OutboundError)] = [
                ("http://localhost:\(port)/secret", .blockedAddress(host: "localhost")),
                ("http://[::ffff:127.0.0.1]:\(port)/secret", .blockedAddress(host: "::ffff:127.0.0.1")),
                ("http://2130706433:\(port)/secret", .invalidURL),
                ("http://0177.0.0.1:\(port)/secret", .invalidURL),
                ("http://0x7f.1:\(port)/secret", .invalidURL),
                ("http://127.1:\(port)/secret", .invalidURL),
                ("http://u@127.0.0.1:\(port)/secret", .invalidURL),
            ]
            for (index, (location, expected)) in locations.enumerated() {
                server.redirect("/go\(index)", to: location)
                await #expect(throws: expected) {
                    try await makeFetcher().get(server.url("/go\(index)"), accept: "*/*")
                }
            }
            #expect(server.hits("/secret") == 0)
        }
    }
}
