import Foundation

extension PageRenderer {
    /// How the shared headless Chromium is launched and how long a page is given to settle.
    ///
    /// The defaults follow the original resolver (§6.2 step 2) loosely: it waits for network
    /// quiet and a DOM whose size stopped changing. Ours uses shorter windows because the
    /// per-page budget is what bounds a resolution, not politeness towards the shop.
    public struct Configuration: Sendable, Hashable {
        /// Browser window size used for every page, so layouts that depend on width render
        /// their desktop variant (the one whose markup the extractor expects).
        public struct Viewport: Sendable, Hashable {
            public var width: Int
            public var height: Int

            public init(width: Int = 1366, height: Int = 768) {
                self.width = width
                self.height = height
            }
        }

        /// The Chromium executable; `nil` when none was found (then ``PageRenderer/isAvailable(configuration:)`` is false).
        public var chromiumPath: String?
        /// Outbound proxy such as `http://127.0.0.1:PORT`. Every request of the browser,
        /// loopback included, goes through it, so the proxy is the single place where
        /// addresses are checked (the browser itself resolves nothing on its own behalf).
        public var proxy: String?
        /// How many pages may render at once; further callers wait in arrival order.
        public var maxPages: Int
        /// Time one page may take from navigation to settled; past it, what is there is returned.
        public var pageBudget: Duration
        /// How long no request may be in flight before the network counts as quiet.
        public var networkQuiet: Duration
        /// How long the DOM node count must stay unchanged before the page counts as stable.
        public var domStableFor: Duration
        public var viewport: Viewport
        /// How often the DOM size is sampled while waiting for the page to settle.
        public var sampleInterval: Duration
        /// Limit for one DevTools command (and for the final HTML snapshot), so a wedged
        /// browser turns into an error instead of a hung resolution.
        public var commandTimeout: Duration
        /// How long a freshly started browser may take to announce its DevTools port.
        public var launchTimeout: Duration

        public init(
            chromiumPath: String? = Configuration.defaultChromiumPath(),
            proxy: String? = nil,
            maxPages: Int = 4,
            pageBudget: Duration = .seconds(20),
            networkQuiet: Duration = .milliseconds(500),
            domStableFor: Duration = .milliseconds(500),
            viewport: Viewport = Viewport(),
            sampleInterval: Duration = .milliseconds(100),
            commandTimeout: Duration = .seconds(10),
            launchTimeout: Duration = .seconds(20)
        ) {
            self.chromiumPath = chromiumPath
            self.proxy = proxy
            self.maxPages = max(1, maxPages)
            self.pageBudget = pageBudget
            self.networkQuiet = networkQuiet
            self.domStableFor = domStableFor
            self.viewport = viewport
            self.sampleInterval = sampleInterval
            self.commandTimeout = commandTimeout
            self.launchTimeout = launchTimeout
        }

        /// The first executable of `/usr/bin/chromium`, `/usr/bin/chromium-browser` and
        /// `$HEARTH_CHROMIUM`, or `nil`.
        public static func defaultChromiumPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
            let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", environment["HEARTH_CHROMIUM"]]
            return candidates.compactMap { $0 }.first { !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// Command-line switches for the browser process; the profile directory is added by the launcher.
        var browserArguments: [String] {
            var arguments = [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--remote-debugging-port=0", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--mute-audio",
                "--window-size=\(viewport.width),\(viewport.height)",
                // The WebSocket client always sends `Origin: ws://127.0.0.1`, and Chromium
                // refuses DevTools connections from origins not listed here. No web page can
                // claim a ws: origin, so allowing exactly this one opens nothing to pages.
                "--remote-allow-origins=\(DevToolsConnection.clientOrigin)",
            ]
            if let proxy {
                arguments.append("--proxy-server=\(proxy)")
                // Chromium bypasses the proxy for loopback by default; "<-loopback>" removes
                // that implicit rule so a page cannot reach 127.0.0.1 around the proxy's checks.
                arguments.append("--proxy-bypass-list=<-loopback>")
            }
            return arguments
        }
    }
}
