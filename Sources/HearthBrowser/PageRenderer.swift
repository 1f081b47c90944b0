import Foundation
import HearthCore
import Logging

/// Renders web pages in a shared headless Chromium, driven over the DevTools protocol.
///
/// Item resolution needs what a visitor's browser sees: shops assemble titles and prices
/// with scripts after further requests. One browser process serves every render (starting
/// Chromium costs far more than opening a tab); it is launched on first use and relaunched,
/// with a fresh profile, when it has died. At most ``Configuration/maxPages`` tabs are open
/// at once; further callers wait in order.
///
/// The renderer does not check addresses itself: in production, ``Configuration/proxy``
/// points the browser at the outbound proxy, which applies the SSRF policy to every
/// request the page makes.
public actor PageRenderer {
    public let configuration: Configuration
    private let logger: Logger
    private let slots: FairSemaphore
    /// Called each time a browser is launched to replace one that died (for metrics).
    private let onRestart: @Sendable () -> Void
    private var hasLaunched = false
    private var browser: Browser?
    private var launching: Task<Browser, any Error>?
    private var isShutDown = false

    public init(configuration: Configuration = Configuration(), logger: Logger, onRestart: @escaping @Sendable () -> Void = {}) {
        self.configuration = configuration
        self.logger = logger
        self.onRestart = onRestart
        self.slots = FairSemaphore(count: configuration.maxPages)
    }

    /// Whether a Chromium executable is configured and present.
    public static func isAvailable(configuration: Configuration = Configuration()) -> Bool {
        guard let path = configuration.chromiumPath else { return false }
        return FileManager.default.isExecutableFile(atPath: path)
    }

    /// Loads `url` in a new tab, waits until the page settles (or the page budget runs out)
    /// and returns its HTML. Throws when the browser cannot be started, the navigation
    /// fails, or the browser dies during the render.
    public func render(_ url: String) async throws -> RenderedPage {
        guard !isShutDown else { throw PageRendererError.shutDown }
        try await slots.acquire()
        defer { slots.release() }
        guard !isShutDown else { throw PageRendererError.shutDown }
        let browser = try await liveBrowser()
        // The budget starts once a tab may open in a running browser: time spent queueing
        // or starting Chromium is not the page's fault.
        let deadline = ContinuousClock.now + configuration.pageBudget
        let session = PageSession(connection: browser.connection, configuration: configuration, logger: logger)
        do {
            return try await session.render(url, deadline: deadline)
        } catch {
            if await browser.isDead {
                discard(browser)
                throw PageRendererError.browserDisconnected
            }
            throw error
        }
    }

    /// Closes the DevTools connection and kills the browser. Later renders throw
    /// ``PageRendererError/shutDown``.
    public func shutdown() async {
        isShutDown = true
        if let launching {
            launching.cancel()
            if let launched = try? await launching.value { await launched.terminate() }
        }
        if let browser {
            self.browser = nil
            await browser.terminate()
        }
    }

    /// The browser's process id, if one is running (test seam for crash recovery).
    func browserProcessID() -> Int32? {
        browser?.process.processIdentifier
    }

    /// The current browser if it still answers, else a freshly launched one. Concurrent
    /// callers share one launch.
    private func liveBrowser() async throws -> Browser {
        if let current = browser {
            if await current.isResponsive(timeout: configuration.commandTimeout) { return current }
            logger.warning("browser stopped responding; relaunching", metadata: ["pid": "\(current.process.processIdentifier)"])
            discard(current)
        }
        if let launching { return try await launching.value }
        let configuration = configuration
        let logger = logger
        let task = Task { try await Browser.launch(configuration: configuration, logger: logger) }
        launching = task
        defer { launching = nil }
        let launched = try await task.value
        guard !isShutDown else {
            await launched.terminate()
            throw PageRendererError.shutDown
        }
        browser = launched
        if hasLaunched { onRestart() }
        hasLaunched = true
        return launched
    }

    /// Forgets `stale` (if it is still the current browser) and kills what is left of it.
    private func discard(_ stale: Browser) {
        if browser?.process === stale.process { browser = nil }
        Task { await stale.terminate() }
    }
}
