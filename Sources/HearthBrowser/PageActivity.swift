import HearthCore
import Synchronization

/// What the page's DevTools events say about its network and lifecycle, folded into a
/// snapshot the settle loop can sample.
///
/// Requests are tracked by `requestId`: a redirect re-announces the same id, so the
/// in-flight count is not inflated by redirect chains. Only the page's own session is
/// observed; out-of-process iframes and workers are not counted (see the module limits).
final class PageActivity: Sendable {
    struct Snapshot: Sendable {
        var inFlight: Int
        /// When the in-flight set last changed (or navigation started).
        var lastNetworkChange: ContinuousClock.Instant
        var domContentLoaded: Bool
        var crashed: Bool
        /// Status of the main frame's final document response.
        var mainDocumentStatus: Int?
        var mainDocumentURL: String?
    }

    private struct State {
        var inFlight: Set<String> = []
        var lastNetworkChange: ContinuousClock.Instant
        var domContentLoaded = false
        var crashed = false
        var mainDocumentStatus: Int?
        var mainDocumentURL: String?
    }

    private let mainFrameID: String
    private let state: Mutex<State>

    /// `mainFrameID` is the page's target id, which Chromium also uses as its main frame id.
    init(mainFrameID: String) {
        self.mainFrameID = mainFrameID
        state = Mutex(State(lastNetworkChange: ContinuousClock.now))
    }

    var snapshot: Snapshot {
        state.withLock { state in
            Snapshot(
                inFlight: state.inFlight.count, lastNetworkChange: state.lastNetworkChange,
                domContentLoaded: state.domContentLoaded, crashed: state.crashed,
                mainDocumentStatus: state.mainDocumentStatus, mainDocumentURL: state.mainDocumentURL)
        }
    }

    /// Marks the start of navigation so network quiet is measured from then, not from page creation.
    func navigationStarted() {
        state.withLock { $0.lastNetworkChange = ContinuousClock.now }
    }

    func apply(_ event: DevToolsEvent) {
        let params = event.params
        state.withLock { state in
            switch event.method {
            case "Network.requestWillBeSent":
                if let id = params["requestId"]?.stringValue, state.inFlight.insert(id).inserted {
                    state.lastNetworkChange = ContinuousClock.now
                }
            case "Network.loadingFinished", "Network.loadingFailed":
                if let id = params["requestId"]?.stringValue, state.inFlight.remove(id) != nil {
                    state.lastNetworkChange = ContinuousClock.now
                }
            case "Network.responseReceived":
                if params["type"]?.stringValue == "Document", params["frameId"]?.stringValue == mainFrameID,
                    let response = params["response"]
                {
                    state.mainDocumentStatus = response["status"]?.intValue.map { Int($0) }
                    state.mainDocumentURL = response["url"]?.stringValue
                }
            case "Page.domContentEventFired":
                state.domContentLoaded = true
            case "Page.frameNavigated":
                // A new main document (script or meta-refresh navigation) must load again.
                if params["frame"]?["id"]?.stringValue == mainFrameID, params["frame"]?["parentId"] == nil {
                    state.domContentLoaded = false
                }
            case "Inspector.targetCrashed":
                state.crashed = true
            default:
                break
            }
        }
    }
}
