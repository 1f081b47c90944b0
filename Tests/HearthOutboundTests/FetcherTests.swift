import NIOCore
import Testing

@testable import HearthOutbound

/// Real HTTP over loopback against ``TestHTTPServer``.
struct FetcherTests {
    @Test func fetchesAPage() async throws {
        try await TestHTTPServer.withServer { server in
            let response = try await makeFetcher().get(server.url("/page"), accept: "text/html")
            #expect(response.status == 200)
            #expect(response.url == server.url("/page"))
            #expect(response.mediaType == "text/html")
            #expect(response.contentType == "text/html; charset=utf-8")
            #expect(String(buffer: response.body) == "<html>hello</html>")
        }
    }

    @Test func sendsPolicyHeaders() async throws {
        try await TestHTTPServer.withServer { server in
            let policy = OutboundPolicy.loopback.with { $0.userAgent = "HearthTest/2" }
            let response = try await makeFetcher(policy).get(server.url("/echo-headers"), accept: "text/html")
            let headers = String(buffer: response.body).split(separator: "\n").map(String.init)
            #expect(headers.contains("user-agent: HearthTest/2"))
            #expect(headers.contains("accept: text/html"))
            #expect(headers.contains("accept-encoding: identity"))
        }
    }

    @Test func loopbackIsRefusedWithoutTheAllowList() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.blockedAddress(host: "127.0.0.1")) {
                try await makeFetcher(OutboundPolicy()).get(server.url("/page"), accept: "*/*")
            }
            #expect(server.hits("/page") == 0)
        }
    }

    /// A public-looking name that resolves to loopback (what DNS rebinding does) is refused.
    @Test func nameResolvingToLoopbackIsRefused() async throws {
        try await TestHTTPServer.withServer { server in
            let resolver = StubResolver(table: ["rebind.example": ["127.0.0.1"]])
            await #expect(throws: OutboundError.blockedAddress(host: "rebind.example")) {
                try await makeFetcher(.loopback, resolver: resolver)
                    .get("http://rebind.example:\(server.port)/secret", accept: "*/*")
            }
            #expect(server.hits("/secret") == 0)
        }
    }

    /// `.invalid` never resolves (RFC 6761), so this only succeeds if the connection went
    /// to the address the fetcher checked rather than to a fresh lookup of the name.
    @Test func connectsToTheCheckedAddressWithTheOriginalHost() async throws {
        try await TestHTTPServer.withServer { server in
            let resolver = StubResolver(table: ["pinned.invalid": ["127.0.0.1"]])
            let policy = OutboundPolicy().with { $0.allowedPrivateHosts = ["pinned.invalid"] }
            let response = try await makeFetcher(policy, resolver: resolver)
                .get("http://pinned.invalid:\(server.port)/echo-host", accept: "*/*")
            #expect(String(buffer: response.body) == "pinned.invalid:\(server.port)")
        }
    }

    @Test func unresolvableHostFails() async throws {
        await #expect(throws: OutboundError.unresolvableHost) {
            try await makeFetcher(OutboundPolicy(), resolver: StubResolver(table: [:]))
                .get("https://nowhere.example/", accept: "*/*")
        }
    }

    @Test func nonSuccessStatusIsAnError() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.httpStatus(404)) {
                try await makeFetcher().get(server.url("/missing"), accept: "*/*")
            }
            await #expect(throws: OutboundError.httpStatus(302)) {
                try await makeFetcher().get(server.url("/no-location"), accept: "*/*")
            }
        }
    }

    @Test func fetchesAnImage() async throws {
        try await TestHTTPServer.withServer { server in
            let image = try await makeFetcher().getImage(server.url("/image.png"))
            #expect(image.mediaType == "image/png")
            #expect(image.bytes == TestHTTPServer.png)
        }
    }

    @Test func imageMustBeARasterImageWithinItsCap() async throws {
        try await TestHTTPServer.withServer { server in
            let fetcher = makeFetcher()
            await #expect(throws: OutboundError.unsupportedContent("text/html")) {
                try await fetcher.getImage(server.url("/page"))
            }
            await #expect(throws: OutboundError.unsupportedContent("image/svg+xml")) {
                try await fetcher.getImage(server.url("/vector.svg"))
            }
            await #expect(throws: OutboundError.tooLarge) {
                try await fetcher.getImage(server.url("/image.png"), maxBytes: 100)
            }
        }
    }
}
