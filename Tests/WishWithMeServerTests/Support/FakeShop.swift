import Foundation
import HearthServer
import HearthTesting
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A shop on loopback serving product pages and images, for item resolution tests.
struct FakeShop: Sendable {
    let port: Int
    var origin: String { "http://127.0.0.1:\(port)" }

    /// A 1×1 PNG.
    static let pixelPNG: [UInt8] = Array(
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==") ?? Data())

    /// Serves `pages` (path → HTML) and the pixel at any path under `/cdn/`, runs `body`, stops.
    static func run<T: Sendable>(pages: [String: [UInt8]], _ body: @Sendable (FakeShop) async throws -> T) async throws -> T {
        let router = Router()
        for (path, html) in pages {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: html)))
            }
        }
        router.get("cdn/**") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: pixelPNG)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body(FakeShop(port: port)) }
    }
}
