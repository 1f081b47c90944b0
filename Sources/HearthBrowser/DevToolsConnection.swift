import HearthCore
import Logging
import WSClient

/// An event pushed by the browser, e.g. `Network.requestWillBeSent`.
struct DevToolsEvent: Sendable {
    var method: String
    var params: JSONValue
    /// The flattened target session the event belongs to; `nil` for browser-level events.
    var sessionID: String?
}

/// JSON-RPC over the browser's DevTools WebSocket.
///
/// One WebSocket carries every page: pages are attached with `flatten: true`, so their
/// commands and events travel on this socket tagged with a `sessionId`. Commands get an
/// increasing `id`; the answer with that id resumes the waiting caller. Events are fanned
/// out to subscribers of their session. When the socket closes, every waiting command
/// fails with ``PageRendererError/browserDisconnected`` and every event stream finishes,
/// so nothing waits for a browser that is gone.
actor DevToolsConnection {
    /// Chromium sends each message as one frame; a product page's HTML can be megabytes.
    static let maxMessageSize = 64 << 20
    /// The `Origin` header the WebSocket client sends for `ws://127.0.0.1:PORT/…` URLs.
    static let clientOrigin = "ws://127.0.0.1"
    private static let parser = JSONParser(
        limits: .init(maxBytes: maxMessageSize, maxDepth: 256, maxStringBytes: maxMessageSize))

    private let logger: Logger
    private var outbound: WebSocketOutboundWriter?
    private var opening: CheckedContinuation<Void, any Error>?
    private var runTask: Task<Void, Never>?
    private var nextID: Int64 = 1
    private var pending: [Int64: (method: String, continuation: CheckedContinuation<JSONValue, any Error>)] = [:]
    private var subscribers: [UInt64: (sessionID: String?, continuation: AsyncStream<DevToolsEvent>.Continuation)] = [:]
    private var nextSubscriberID: UInt64 = 0
    private(set) var isClosed = false

    private init(logger: Logger) {
        self.logger = logger
    }

    /// Connects to `url` and returns once the WebSocket handshake completed.
    static func open(url: String, timeout: Duration, logger: Logger) async throws -> DevToolsConnection {
        let connection = DevToolsConnection(logger: logger)
        do {
            try await withTimeout(timeout) { try await connection.start(url: url) }
        } catch {
            await connection.close()
            throw error is TimeoutError ? PageRendererError.launchFailed("DevTools WebSocket did not open: \(error)") : error
        }
        return connection
    }

    private func start(url: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            opening = continuation
            let logger = logger
            runTask = Task {
                do {
                    try await WebSocketClient.connect(
                        url: url, configuration: .init(maxFrameSize: Self.maxMessageSize), logger: logger
                    ) { inbound, outbound, _ in
                        await self.didOpen(outbound)
                        for try await message in inbound.messages(maxSize: Self.maxMessageSize) {
                            guard case .text(let text) = message else { continue }
                            // Parse off the actor: snapshots of large pages are big.
                            guard let value = try? Self.parser.parse(text) else {
                                logger.warning("unparseable DevTools message", metadata: ["prefix": "\(text.prefix(80))"])
                                continue
                            }
                            await self.dispatch(value)
                        }
                    }
                    self.didClose(nil)
                } catch {
                    self.didClose(error)
                }
            }
        }
    }

    /// Sends `method` and waits (at most `timeout`) for its answer's `result`.
    func send(
        _ method: String, params: JSONValue = [:], sessionID: String? = nil, timeout: Duration
    ) async throws -> JSONValue {
        try await withTimeout(timeout) { try await self.call(method, params: params, sessionID: sessionID) }
    }

    /// A stream of the events of `sessionID` (browser-level events when `nil`). It ends when
    /// the connection closes; dropping the iterator unsubscribes.
    func events(sessionID: String?) -> AsyncStream<DevToolsEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DevToolsEvent.self)
        guard !isClosed else {
            continuation.finish()
            return stream
        }
        let token = nextSubscriberID
        nextSubscriberID += 1
        subscribers[token] = (sessionID, continuation)
        continuation.onTermination = { _ in Task { await self.unsubscribe(token) } }
        return stream
    }

    /// Closes the socket; pending commands fail and event streams end.
    func close() async {
        let writer = outbound
        if let writer, !isClosed {
            try? await writer.close(.normalClosure, reason: nil)
        }
        runTask?.cancel()
        didClose(nil)
    }

    private func call(_ method: String, params: JSONValue, sessionID: String?) async throws -> JSONValue {
        guard !isClosed, let outbound else { throw PageRendererError.browserDisconnected }
        let id = nextID
        nextID += 1
        var message: JSONValue = ["id": .int(id), "method": .string(method), "params": params]
        if let sessionID { message["sessionId"] = .string(sessionID) }
        let text = message.serializedString()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
                pending[id] = (method, continuation)
                // The answer may only arrive after the continuation is registered, so the
                // write happens after registration, in its own task.
                Task {
                    do {
                        try await outbound.writeTextMessage(text)
                    } catch {
                        self.resolve(id, with: .failure(PageRendererError.browserDisconnected))
                    }
                }
            }
        } onCancel: {
            Task { await self.resolve(id, with: .failure(CancellationError())) }
        }
    }

    private func resolve(_ id: Int64, with outcome: Result<JSONValue, any Error>) {
        pending.removeValue(forKey: id)?.continuation.resume(with: outcome)
    }

    private func didOpen(_ writer: WebSocketOutboundWriter) {
        outbound = writer
        opening?.resume()
        opening = nil
    }

    private func dispatch(_ message: JSONValue) {
        if let id = message["id"]?.intValue {
            if let error = message["error"] {
                let method = pending[id]?.method ?? "#\(id)"
                let code = Int(error["code"]?.intValue ?? 0)
                let text = error["message"]?.stringValue ?? "unknown error"
                resolve(id, with: .failure(PageRendererError.protocolError(method: method, code: code, message: text)))
            } else {
                resolve(id, with: .success(message["result"] ?? [:]))
            }
            return
        }
        guard let method = message["method"]?.stringValue else { return }
        let event = DevToolsEvent(method: method, params: message["params"] ?? [:], sessionID: message["sessionId"]?.stringValue)
        for subscriber in subscribers.values where subscriber.sessionID == event.sessionID {
            subscriber.continuation.yield(event)
        }
    }

    private func didClose(_ error: (any Error)?) {
        if let opening {
            self.opening = nil
            opening.resume(throwing: error ?? PageRendererError.browserDisconnected)
        }
        guard !isClosed else { return }
        isClosed = true
        outbound = nil
        if let error { logger.debug("DevTools connection closed", metadata: ["error": "\(error)"]) }
        let waiting = pending
        pending = [:]
        for entry in waiting.values { entry.continuation.resume(throwing: PageRendererError.browserDisconnected) }
        let streams = subscribers
        subscribers = [:]
        for subscriber in streams.values { subscriber.continuation.finish() }
    }

    private func unsubscribe(_ token: UInt64) {
        subscribers.removeValue(forKey: token)
    }
}
