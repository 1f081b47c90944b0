import HearthCore
import Logging

/// One render: a fresh tab, navigated, watched until it settles, snapshotted, closed.
///
/// "Settled" follows the original resolver (§6.2 step 2) in spirit: no request in flight
/// for ``PageRenderer/Configuration/networkQuiet``, the DOM node count unchanged for
/// ``PageRenderer/Configuration/domStableFor`` and DOMContentLoaded seen. Shops render
/// prices and titles from scripts after XHRs, so the static response is not enough; a page
/// that never settles (tickers, infinite feeds) is cut off at the budget and returned as is.
struct PageSession {
    let connection: DevToolsConnection
    let configuration: PageRenderer.Configuration
    let logger: Logger

    private static let nodeCountExpression = "document.getElementsByTagName('*').length"
    private static let snapshotExpression = """
        (() => { const root = document.documentElement; \
        return { html: root ? root.outerHTML : '', title: document.title || '', url: location.href }; })()
        """

    /// Renders `url`; the settle phase ends at `deadline`.
    func render(_ url: String, deadline: ContinuousClock.Instant) async throws -> RenderedPage {
        let created = try await send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = created["targetId"]?.stringValue else {
            throw PageRendererError.unexpectedResponse(method: "Target.createTarget")
        }
        do {
            let page = try await render(url, in: targetID, deadline: deadline)
            await close(targetID)
            return page
        } catch {
            await close(targetID)
            throw error
        }
    }

    private func render(_ url: String, in targetID: String, deadline: ContinuousClock.Instant) async throws -> RenderedPage {
        let attached = try await send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let sessionID = attached["sessionId"]?.stringValue else {
            throw PageRendererError.unexpectedResponse(method: "Target.attachToTarget")
        }
        // Subscribe before enabling domains so no early request goes unseen.
        let events = await connection.events(sessionID: sessionID)
        let activity = PageActivity(mainFrameID: targetID)
        let consumer = Task {
            for await event in events { activity.apply(event) }
        }
        defer { consumer.cancel() }

        try await send("Page.enable", sessionID: sessionID)
        try await send("Network.enable", sessionID: sessionID)
        try await send(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .int(Int64(configuration.viewport.width)), "height": .int(Int64(configuration.viewport.height)),
                "deviceScaleFactor": 1, "mobile": false,
            ], sessionID: sessionID)

        activity.navigationStarted()
        // The navigation itself may always take a command's time: on a loaded machine the
        // budget can be spent opening the tab, and then the page is returned as it is.
        let remaining = max(deadline - ContinuousClock.now, configuration.commandTimeout)
        let navigation = try await send("Page.navigate", ["url": .string(url)], sessionID: sessionID, timeout: remaining)
        if let reason = navigation["errorText"]?.stringValue, !reason.isEmpty {
            throw PageRendererError.navigationFailed(url: url, reason: reason)
        }

        let timedOut = try await settle(sessionID: sessionID, activity: activity, deadline: deadline)
        let snapshot = try await evaluate(Self.snapshotExpression, sessionID: sessionID)
        let state = activity.snapshot
        return RenderedPage(
            finalURL: snapshot["url"]?.stringValue ?? state.mainDocumentURL ?? url,
            html: snapshot["html"]?.stringValue ?? "",
            title: snapshot["title"]?.stringValue ?? "",
            status: state.mainDocumentStatus,
            timedOut: timedOut)
    }

    /// Samples the page until network and DOM are quiet; returns whether the budget ran out first.
    private func settle(sessionID: String, activity: PageActivity, deadline: ContinuousClock.Instant) async throws -> Bool {
        let clock = ContinuousClock()
        var lastCount: Int64?
        var stableSince = clock.now
        while true {
            let state = activity.snapshot
            if state.crashed { throw PageRendererError.pageCrashed }
            let count = try await nodeCount(sessionID: sessionID)
            let now = clock.now
            if count != lastCount {
                lastCount = count
                stableSince = now
            }
            let networkQuiet = state.inFlight <= 0 && now - state.lastNetworkChange >= configuration.networkQuiet
            let domStable = now - stableSince >= configuration.domStableFor
            if networkQuiet && domStable && state.domContentLoaded { return false }
            if now >= deadline {
                logger.debug(
                    "page budget ran out",
                    metadata: ["inFlight": "\(state.inFlight)", "nodes": "\(count ?? -1)", "dcl": "\(state.domContentLoaded)"])
                return true
            }
            try await Task.sleep(for: min(configuration.sampleInterval, deadline - now))
        }
    }

    /// The DOM size, or `nil` while a navigation swaps the document (the evaluation then
    /// fails with "context destroyed"; that counts as a change, not as an error).
    private func nodeCount(sessionID: String) async throws -> Int64? {
        do {
            return try await evaluate(Self.nodeCountExpression, sessionID: sessionID).intValue
        } catch PageRendererError.protocolError, PageRendererError.evaluationFailed {
            return nil
        }
    }

    /// `Runtime.evaluate` with the value returned by value; an exception in the page is an error.
    private func evaluate(_ expression: String, sessionID: String) async throws -> JSONValue {
        let result = try await send(
            "Runtime.evaluate", ["expression": .string(expression), "returnByValue": true], sessionID: sessionID)
        if let exception = result["exceptionDetails"] {
            let text = exception["exception"]?["description"]?.stringValue ?? exception["text"]?.stringValue ?? "exception"
            throw PageRendererError.evaluationFailed(text)
        }
        return result["result"]?["value"] ?? .null
    }

    /// Closes the tab; failures are ignored because a dead browser closes its tabs anyway.
    private func close(_ targetID: String) async {
        _ = try? await send("Target.closeTarget", ["targetId": .string(targetID)])
    }

    @discardableResult
    private func send(
        _ method: String, _ params: JSONValue = [:], sessionID: String? = nil, timeout: Duration? = nil
    ) async throws -> JSONValue {
        try await connection.send(
            method, params: params, sessionID: sessionID, timeout: timeout ?? configuration.commandTimeout)
    }
}
