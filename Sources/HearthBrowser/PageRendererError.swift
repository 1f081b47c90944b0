/// Why a render failed. A render that merely ran out of time is not an error: it returns
/// the partial page flagged ``RenderedPage/timedOut``.
public enum PageRendererError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No Chromium executable is configured or the configured one is missing.
    case chromiumNotFound(String?)
    /// The browser process could not be started or did not announce its DevTools port.
    case launchFailed(String)
    /// The DevTools WebSocket closed (usually: the browser process died) while this render
    /// needed it. The next render starts a fresh browser.
    case browserDisconnected
    /// The browser answered a command with a DevTools error.
    case protocolError(method: String, code: Int, message: String)
    /// A DevTools answer lacked a field this module relies on.
    case unexpectedResponse(method: String)
    /// The navigation itself failed (DNS, refused connection, blocked by the proxy, …).
    case navigationFailed(url: String, reason: String)
    /// The page's renderer process crashed.
    case pageCrashed
    /// A script evaluation threw inside the page.
    case evaluationFailed(String)
    /// ``PageRenderer/shutdown()`` was called.
    case shutDown

    public var description: String {
        switch self {
        case .chromiumNotFound(let path): "Chromium not found\(path.map { " at \($0)" } ?? "")"
        case .launchFailed(let reason): "could not launch Chromium: \(reason)"
        case .browserDisconnected: "the browser closed its DevTools connection (process died?)"
        case .protocolError(let method, let code, let message): "DevTools \(method) failed (\(code)): \(message)"
        case .unexpectedResponse(let method): "unexpected DevTools answer to \(method)"
        case .navigationFailed(let url, let reason): "navigation to \(url) failed: \(reason)"
        case .pageCrashed: "the page's renderer crashed"
        case .evaluationFailed(let reason): "script evaluation failed: \(reason)"
        case .shutDown: "the page renderer was shut down"
        }
    }
}
