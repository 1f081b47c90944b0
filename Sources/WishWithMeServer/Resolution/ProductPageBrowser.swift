import HearthBrowser
import HearthOutbound
import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The headless browser item resolution renders shop pages with (spec §6.2 step 2), for
/// shops that build their product with script. It runs behind an ``OutboundProxy`` that
/// applies the outbound policy to every request the page makes (scripts, images,
/// redirects), so a page cannot make the server reach a private address. Both start on
/// the first render and stop with the server (this is one of its services).
public actor ProductPageBrowser: Service {
    private let configuration: PageRenderer.Configuration
    private let logger: Logger
    private var starting: Task<(PageRenderer, OutboundProxy), any Error>?
    private var stopped = false
    /// Told when the browser had to be relaunched (set once the server's metrics exist).
    private nonisolated let restartObserver = Mutex<(@Sendable () -> Void)?>(nil)

    public init(configuration: PageRenderer.Configuration = .init(), logger: Logger = Logger(label: "hearth.browser")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Whether this machine has Chromium; without it resolution reads the raw HTML only.
    public nonisolated var isAvailable: Bool { PageRenderer.isAvailable(configuration: configuration) }

    /// Calls `observer` each time the browser is relaunched after dying or hanging.
    public nonisolated func observeRestarts(_ observer: @escaping @Sendable () -> Void) {
        restartObserver.withLock { $0 = observer }
    }

    /// Renders `url`; the proxy is started on first use with `policy` (the resolver's).
    func render(_ url: String, policy: OutboundPolicy) async throws -> RenderedPage {
        guard !stopped else { throw PageRendererError.shutDown }
        let (renderer, _) = try await started(policy: policy)
        return try await renderer.render(url)
    }

    private func started(policy: OutboundPolicy) async throws -> (PageRenderer, OutboundProxy) {
        if let starting { return try await starting.value }
        let (configuration, logger) = (configuration, logger)
        let task = Task {
            let proxy = try await OutboundProxy.start(
                policy: policy, resolver: SystemHostResolver(threadPool: .singleton), eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
                onRefusal: { host, reason in
                    logger.info("the browser's request was refused", metadata: ["host": "\(host.prefix(100))", "reason": "\(reason)"])
                })
            var proxied = configuration
            proxied.proxy = "http://127.0.0.1:\(proxy.port)"
            let renderer = PageRenderer(
                configuration: proxied, logger: logger, onRestart: { [weak self] in self?.restartObserver.withLock { $0 }?() })
            return (renderer, proxy)
        }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil
            throw error
        }
    }

    /// Waits for the server's graceful shutdown, then closes the browser and the proxy.
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }

    /// Closes the browser and the proxy, if they were started; renders fail from now on.
    public func shutdown() async {
        stopped = true
        guard let starting, let (renderer, proxy) = try? await starting.value else { return }
        await renderer.shutdown()
        try? await proxy.shutdown()
    }
}
