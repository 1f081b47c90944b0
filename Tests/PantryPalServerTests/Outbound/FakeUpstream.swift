import HearthTesting
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// What a fake upstream answers to one request.
struct FakeAnswer: Sendable {
    var status: HTTPResponse.Status = .ok
    var body: String = ""
    var delay: Duration = .zero

    static func json(_ body: String, status: HTTPResponse.Status = .ok) -> FakeAnswer { FakeAnswer(status: status, body: body) }
}

/// One request the fake upstream saw.
struct SeenRequest: Sendable, Hashable {
    var path: String
    var userAgent: String?
}

/// An HTTP server on loopback that answers every GET through `respond` and records what it saw.
struct FakeUpstream: Sendable {
    let port: Int
    private let seen: SeenRequests

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [SeenRequest] { seen.all }

    /// Serves until `body` returns.
    @discardableResult
    static func run<T: Sendable>(
        respond: @escaping @Sendable (String) async -> FakeAnswer, _ body: @Sendable (FakeUpstream) async throws -> T
    ) async throws -> T {
        let seen = SeenRequests()
        let router = Router()
        router.get("**") { request, _ -> Response in
            let path = request.uri.path
            seen.record(SeenRequest(path: path, userAgent: request.headers[.userAgent]))
            let answer = await respond(path)
            if answer.delay > .zero { try? await Task.sleep(for: answer.delay) }
            return Response(
                status: answer.status, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body(FakeUpstream(port: port, seen: seen)) }
    }
}

private final class SeenRequests: Sendable {
    private let list = Mutex<[SeenRequest]>([])

    func record(_ request: SeenRequest) { list.withLock { $0.append(request) } }
    var all: [SeenRequest] { list.withLock { $0 } }
}
