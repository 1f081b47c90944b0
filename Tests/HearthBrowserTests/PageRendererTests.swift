import Foundation
import HearthTesting
import Logging
import Synchronization
import Testing

@testable import HearthBrowser

#if canImport(Glibc)
import Glibc
#endif

/// Each test launches its own Chromium; the suite runs serially to keep launches few and
/// sequential (Process.run under heavy concurrency is fragile on Linux, and CPUs are shared).
@Suite(.serialized, .enabled(if: PageRenderer.isAvailable(configuration: .init())))
struct PageRendererTests {
    /// Loopback pages must be reached directly: these renderers run without a proxy.
    func makeRenderer(maxPages: Int = 2, pageBudget: Duration = .seconds(15)) -> PageRenderer {
        PageRenderer(
            configuration: .init(proxy: nil, maxPages: maxPages, pageBudget: pageBudget),
            logger: .quietTestLogger)
    }

    @Test func rendersContentWrittenByScriptAfterAFetch() async throws {
        let renderer = makeRenderer()
        try await FixtureSite.run { site in
            let clock = ContinuousClock()
            let started = clock.now
            let page = try await renderer.render("\(site.origin)/product")
            print("HearthBrowser: script page rendered in \(clock.now - started) (including browser launch)")
            let again = clock.now
            _ = try await renderer.render("\(site.origin)/product")
            print("HearthBrowser: script page rendered in \(clock.now - again) (warm browser)")

            #expect(page.html.contains(FixtureSite.productTitle))
            #expect(page.html.contains("1 990 ₽"))
            #expect(page.title == FixtureSite.productTitle)
            #expect(page.status == 200)
            #expect(page.finalURL == "\(site.origin)/product")
            #expect(!page.timedOut)
        }
        await renderer.shutdown()
    }

    @Test func pageThatNeverSettlesIsReturnedAtTheBudget() async throws {
        let renderer = makeRenderer(pageBudget: .seconds(3))
        try await FixtureSite.run { site in
            let page = try await renderer.render("\(site.origin)/restless")
            #expect(page.timedOut)
            #expect(page.title == "Ticker")
            #expect(page.html.contains("tick"))
        }
        await renderer.shutdown()
    }

    @Test func parallelRendersShareOnePageSlot() async throws {
        let renderer = makeRenderer(maxPages: 1)
        try await FixtureSite.run { site in
            async let first = renderer.render("\(site.origin)/product")
            async let second = renderer.render("\(site.origin)/product")
            let pages = try await [first, second]
            for page in pages {
                #expect(page.html.contains(FixtureSite.productTitle))
                #expect(!page.timedOut)
            }
        }
        await renderer.shutdown()
    }

    @Test func nextRenderRelaunchesAKilledBrowserAndReportsTheRestart() async throws {
        let restarts = Mutex(0)
        let renderer = PageRenderer(
            configuration: .init(proxy: nil, maxPages: 2, pageBudget: .seconds(15)), logger: .quietTestLogger, onRestart: { restarts.withLock { $0 += 1 } })
        try await FixtureSite.run { site in
            _ = try await renderer.render("\(site.origin)/product")
            let killed = try #require(await renderer.browserProcessID())
            #expect(kill(killed, SIGKILL) == 0)

            let page = try await renderer.render("\(site.origin)/product")
            #expect(page.html.contains(FixtureSite.productTitle))
            let relaunched = try #require(await renderer.browserProcessID())
            #expect(relaunched != killed)
            #expect(restarts.withLock { $0 } == 1)
        }
        await renderer.shutdown()
    }

    @Test func renderInFlightWhenTheBrowserDiesFailsClearly() async throws {
        let renderer = makeRenderer()
        try await FixtureSite.run { site in
            let inFlight = Task { try await renderer.render("\(site.origin)/beacon-page") }
            var beacons = site.beacons.makeAsyncIterator()
            _ = await beacons.next()
            let pid = try #require(await renderer.browserProcessID())
            #expect(kill(pid, SIGKILL) == 0)
            await #expect(throws: PageRendererError.browserDisconnected) {
                _ = try await inFlight.value
            }
        }
        await renderer.shutdown()
    }

    @Test func failedNavigationThrowsAndShutdownIsFinal() async throws {
        let renderer = makeRenderer()
        // Port 1 on loopback refuses connections.
        await #expect(throws: PageRendererError.self) {
            _ = try await renderer.render("http://127.0.0.1:1/")
        }
        await renderer.shutdown()
        #expect(await renderer.browserProcessID() == nil)
        await #expect(throws: PageRendererError.shutDown) {
            _ = try await renderer.render("http://127.0.0.1:1/")
        }
    }
}

@Suite struct PageRendererConfigurationTests {
    @Test func unavailableWithoutExecutable() {
        #expect(!PageRenderer.isAvailable(configuration: .init(chromiumPath: "/nonexistent/chromium")))
        #expect(!PageRenderer.isAvailable(configuration: .init(chromiumPath: nil)))
    }

    @Test func proxyIsAppliedToLoopbackToo() {
        let arguments = PageRenderer.Configuration(proxy: "http://127.0.0.1:8888").browserArguments
        #expect(arguments.contains("--proxy-server=http://127.0.0.1:8888"))
        #expect(arguments.contains("--proxy-bypass-list=<-loopback>"))
        #expect(!PageRenderer.Configuration(proxy: nil).browserArguments.contains { $0.hasPrefix("--proxy") })
    }

    @Test func environmentChromiumIsTheFallback() {
        let path = PageRenderer.Configuration.defaultChromiumPath(environment: ["HEARTH_CHROMIUM": "/bin/sh"])
        let system = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #expect(path == (system ?? "/bin/sh"))
        let none = PageRenderer.Configuration.defaultChromiumPath(environment: ["HEARTH_CHROMIUM": "/nonexistent/chromium"])
        #expect(none == system)
    }
}
