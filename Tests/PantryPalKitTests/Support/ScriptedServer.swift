import Foundation
import HearthClient
import HearthCore
import Synchronization

/// A transport that answers from a script instead of a network: handlers keyed by
/// "METHOD path" (path relative to `/api`), every request recorded. Unscripted requests
/// get a 404; `offline` makes every request fail as an unreachable server does.
final class ScriptedServer: HTTPTransport {
    struct Sent: Sendable {
        var method: String
        var path: String
        var query: String?
        var headers: [String: String]
        var body: JSONValue?
        /// The path as sent, percent escapes kept.
        var encodedPath: String

        var route: String { "\(method) \(path)" }
    }

    typealias Handler = @Sendable (Sent) -> (Int, JSONValue)

    private let state = Mutex<(handlers: [String: Handler], sent: [Sent], offline: Bool, unreachable: Set<String>, gates: [String: Gate])>(
        ([:], [], false, [], [:]))

    /// Holds requests to one route until opened, so a test can act while a sync waits.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var arrivals: [CheckedContinuation<Void, Never>] = []
        private var arrived = false

        func pass() async {
            arrived = true
            for arrival in arrivals { arrival.resume() }
            arrivals = []
            guard !isOpen else { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        /// Returns once a request has reached the gate.
        func waitForArrival() async {
            guard !arrived else { return }
            await withCheckedContinuation { arrivals.append($0) }
        }

        func open() {
            isOpen = true
            for waiter in waiting { waiter.resume() }
            waiting = []
        }
    }

    /// Requests to `route` wait at the returned gate until it is opened.
    func hold(_ route: String) -> Gate {
        let gate = Gate()
        state.withLock { $0.gates[route] = gate }
        return gate
    }

    /// Answers `route` ("PATCH inventory/abc/quantity") with `handler`.
    func on(_ route: String, _ handler: @escaping Handler) {
        state.withLock { $0.handlers[route] = handler }
    }

    func on(_ route: String, status: Int = 200, _ body: JSONValue) {
        on(route) { _ in (status, body) }
    }

    var offline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
    }

    /// What `route` answers now (for a handler that wraps it).
    func answer(to route: String) -> JSONValue? {
        let dummy = Sent(method: "", path: "", query: nil, headers: [:], body: nil, encodedPath: "")
        return state.withLock { $0.handlers[route] }.map { $0(dummy).1 }
    }

    /// Routes that fail as an unreachable server does while the rest answer.
    func unreachable(_ routes: String...) {
        state.withLock { $0.unreachable = Set(routes) }
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    func sent(_ route: String) -> [Sent] { sent.filter { $0.route == route } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = String(request.url.path.dropFirst("/api/".count))
        let body = request.body.flatMap { try? JSONParser().parse($0) }
        let encodedPath = String((URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "").dropFirst("/api/".count))
        let sent = Sent(
            method: request.method.rawValue, path: path, query: request.url.query, headers: request.headers, body: body, encodedPath: encodedPath)
        let (gate, offlineNow) = state.withLock { state -> (Gate?, Bool) in
            state.sent.append(sent)
            return (state.gates[sent.route], state.offline || state.unreachable.contains(sent.route))
        }
        if let gate, !offlineNow { await gate.pass() }
        let (handler, offline) = state.withLock { state -> (Handler?, Bool) in
            (state.handlers[sent.route], state.offline || state.unreachable.contains(sent.route))
        }
        guard !offline else { throw ClientError.offline("scripted server is offline") }
        let (status, answer) = handler?(sent) ?? (404, ["error": "Not found"])
        return TransportResponse(status: status, headers: ["content-type": "application/json"], body: Data(answer.serialized()))
    }

    func stream(_ request: TransportRequest) async throws -> AsyncThrowingStream<Data, any Error> {
        throw ClientError.offline("no streams here")
    }
}
