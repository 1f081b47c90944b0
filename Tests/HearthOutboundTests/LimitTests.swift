import NIOCore
import Testing

@testable import HearthOutbound

struct LimitTests {
    /// The server would stream 64 MB; the fetch must give up at the 3 MB cap and close the
    /// connection, which the server sees as a failed write long before the end.
    @Test func stopsReadingAtTheBodyCap() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.tooLarge) {
                try await makeFetcher().get(server.url("/huge"), accept: "*/*")
            }
            let stream = try await eventually { server.hugeStream.aborted ? server.hugeStream : nil }
            #expect(!stream.finished)
            #expect(stream.bytesWritten < TestHTTPServer.hugeTotal / 2)
            #expect(stream.bytesWritten >= OutboundPolicy().maxBodyBytes)
        }
    }

    @Test func declaredLengthOverTheCapIsRefusedUpFront() async throws {
        try await TestHTTPServer.withServer { server in
            await #expect(throws: OutboundError.tooLarge) {
                try await makeFetcher().get(server.url("/huge-declared"), accept: "*/*")
            }
        }
    }

    @Test func slowResponseTimesOut() async throws {
        try await TestHTTPServer.withServer { server in
            let fetcher = makeFetcher(.loopback.with { $0.totalTimeout = .milliseconds(500) })
            // The server answers after 5 s: only the timeout can end the fetch with this error
            // (no wall-clock bound here; a loaded machine stretches every duration).
            await #expect(throws: OutboundError.timeout) {
                try await fetcher.get(server.url("/slow"), accept: "*/*")
            }
        }
    }

    /// A server that sends headers at once and then drips the body must not hold the fetch
    /// past its total timeout.
    @Test func slowBodyTimesOut() async throws {
        try await TestHTTPServer.withServer { server in
            let fetcher = makeFetcher(.loopback.with { $0.totalTimeout = .milliseconds(700) })
            // The body takes 10 s to drip out: only the timeout can end the fetch with this error.
            await #expect(throws: OutboundError.timeout) {
                try await fetcher.get(server.url("/slow-body"), accept: "*/*")
            }
        }
    }
}

/// Polls `check` until it returns a value, for up to five seconds.
func eventually<T>(_ check: () -> T?) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while clock.now < deadline {
        if let value = check() { return value }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try #require(check())
}
