import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The corpus served as a shop on a free loopback port: its pages and resources at their
/// paths, and a tiny image of the right type at any path ending in `.jpg`, `.jpeg`, `.png`
/// or `.gif` (images are not stored in the corpus).
enum ResolveCorpusServer {
    /// 2×2 pixels, baseline JPEG.
    static let jpeg = decoded(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgV"
            + "GC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAA"
            + "AAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ALACyL//2Q==")
    /// 1×1 pixel PNG.
    static let png = decoded("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    /// 1×1 pixel GIF, the usual lazy-loading placeholder.
    static let gif = decoded("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")

    struct DidNotStart: Error {}

    /// Serves `corpus` until `body` returns, then stops gracefully.
    static func run<T: Sendable>(
        _ corpus: ResolveCorpus, logger: Logger, _ body: @Sendable (_ origin: String) async throws -> T
    ) async throws -> T {
        let router = Router()
        router.get("**") { request, _ -> Response in
            // Pages name their own origin; the Host header is the one the client used.
            let origin = "http://" + (request.head.authority ?? "127.0.0.1")
            if let answer = corpus.answer(at: request.uri.path, origin: origin) {
                return Response(
                    status: .init(code: answer.status), headers: [.contentType: answer.contentType],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
            }
            if let (type, bytes) = image(at: request.uri.path) {
                return Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
            return Response(status: .notFound)
        }
        var quiet = logger
        quiet.logLevel = .error
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: quiet)
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: quiet)
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await running.value
            throw DidNotStart()
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body("http://127.0.0.1:\(port)"))
        } catch {
            outcome = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }

    /// The generated image for an image path, by its extension.
    static func image(at path: String) -> (type: String, bytes: [UInt8])? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") { return ("image/jpeg", jpeg) }
        if lowered.hasSuffix(".png") { return ("image/png", png) }
        if lowered.hasSuffix(".gif") { return ("image/gif", gif) }
        return nil
    }

    private static func decoded(_ base64: String) -> [UInt8] {
        Data(base64Encoded: base64).map { Array($0) } ?? []
    }
}
