import Foundation
import HearthOutbound
import HearthTesting
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import WishWithMeServer

/// The product page corpus (`Benchmarks/ProductCorpus`, see its README) served as a shop on
/// loopback, with the lookup the resolution job runs and the corpus's notion of a correct answer.
struct CorpusShop: Sendable {
    struct Resource: Decodable, Sendable {
        var path: String
        var file: String
    }

    /// One manifest entry: where and how the page is served, and the answer it should give.
    struct Page: Decodable, Sendable, CustomStringConvertible {
        var file: String
        var path: String
        var status: Int?
        var contentType: String?
        var resources: [Resource]?
        var title: String?
        var price: Double?
        var currency: String?
        var image: String?
        var blocked: Bool
        var needsBrowser: Bool
        var knownGap: String?

        var description: String { file }
    }

    struct Manifest: Decodable, Sendable {
        var pages: [Page]
    }

    let port: Int
    var origin: String { "http://127.0.0.1:\(port)" }

    /// `Benchmarks/ProductCorpus` at the package root, found from this file's place.
    static func directory(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/ProductCorpus", isDirectory: true)
    }

    static func manifest() throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: Data(contentsOf: directory().appendingPathComponent("manifest.json")))
    }

    static func bytes(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory().appendingPathComponent(file)))
    }

    /// Serves every page and resource of `manifest` (with `{{origin}}` replaced) and a
    /// pixel at any `.jpg`, `.jpeg`, `.png` or `.gif` path; runs `body`, stops.
    static func run<T: Sendable>(_ manifest: Manifest, _ body: @Sendable (CorpusShop) async throws -> T) async throws -> T {
        var answers: [String: (status: Int, type: String, body: [UInt8])] = [:]
        for page in manifest.pages {
            answers[page.path] = (page.status ?? 200, page.contentType ?? "text/html; charset=utf-8", try bytes(page.file))
            for resource in page.resources ?? [] {
                answers[resource.path] = (200, "application/json", try bytes(resource.file))
            }
        }
        let served = answers
        let router = Router()
        router.get("**") { request, _ -> Response in
            let path = request.uri.path
            if let answer = served[path] {
                let origin = Array("http://\(request.head.authority ?? "127.0.0.1")".utf8)
                return Response(
                    status: .init(code: answer.status), headers: [.contentType: answer.type],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: replacingOrigin(in: answer.body, with: origin))))
            }
            guard let (type, bytes) = image(at: path) else { return Response(status: .notFound) }
            return Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body(CorpusShop(port: port)) }
    }

    /// 2×2 pixels, baseline JPEG.
    static let pixelJPEG = Array(
        Data(
            base64Encoded:
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgV"
                + "GC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAA"
                + "AAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ALACyL//2Q==") ?? Data())
    /// 1×1 pixel GIF, the usual lazy-loading placeholder.
    static let pixelGIF = Array(Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7") ?? Data())

    /// A tiny picture of the type an image path's extension names.
    static func image(at path: String) -> (type: String, bytes: [UInt8])? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") { return ("image/jpeg", pixelJPEG) }
        if lowered.hasSuffix(".png") { return ("image/png", FakeShop.pixelPNG) }
        if lowered.hasSuffix(".gif") { return ("image/gif", pixelGIF) }
        return nil
    }

    private static func replacingOrigin(in body: [UInt8], with origin: [UInt8]) -> [UInt8] {
        let marker = Array("{{origin}}".utf8)
        var result: [UInt8] = []
        var index = 0
        while index < body.count {
            if index + marker.count <= body.count, body[index..<(index + marker.count)].elementsEqual(marker) {
                result += origin
                index += marker.count
            } else {
                result.append(body[index])
                index += 1
            }
        }
        return result
    }

    /// The lookup of the resolution job, allowed to reach the loopback shop; no model.
    static func lookup(
        browser: ProductPageBrowser? = nil, policy: OutboundPolicy = OutboundPolicy(), imageTimeout: Duration = .seconds(15)
    ) -> ProductLookup {
        var policy = policy
        policy.allowedPrivateHosts = ["127.0.0.1"]
        return ProductLookup(
            fetcher: OutboundFetcher(policy: policy, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, threadPool: .singleton),
            browser: browser, model: nil, imageTimeout: imageTimeout, logger: .quietTestLogger)
    }

    /// What the resolution job would store for `url`: fetch errors become their codes.
    static func outcome(of url: String, with lookup: ProductLookup) async -> ItemResolution {
        do throws(OutboundError) {
            return try await lookup.resolve(url)
        } catch {
            return .failed(code: error.code)
        }
    }
}

extension CorpusShop.Page {
    /// What `outcome` got wrong against this page's expected answer (the README's rules); empty when right.
    func differences(from outcome: ItemResolution) -> [String] {
        switch outcome {
        case .failed(let code):
            return blocked && code == "BLOCKED_OR_UNAVAILABLE" ? [] : ["failed with \(code)"]
        case .resolved(let page, let imageBase64):
            if blocked { return ["resolved as \(page.title ?? "untitled") instead of BLOCKED_OR_UNAVAILABLE"] }
            var differences: [String] = []
            let gotTitle = page.title?.trimmingCharacters(in: .whitespacesAndNewlines)
            if gotTitle != title?.trimmingCharacters(in: .whitespacesAndNewlines) {
                differences.append("title \(gotTitle ?? "none"), expected \(title ?? "none")")
            }
            let priceMatches =
                switch (page.price, price) {
                case (nil, nil): true
                case (let got?, let expected?): abs(got - expected) < 0.005
                default: false
                }
            if !priceMatches || page.currency != currency {
                differences.append("price \(Self.money(page.price, page.currency)), expected \(Self.money(price, currency))")
            }
            let gotImage = page.imageURL.flatMap(URLComponents.init(string:)).map { components in
                components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            }
            if gotImage != image {
                differences.append("image \(gotImage ?? "none"), expected \(image ?? "none")")
            } else if image != nil, imageBase64 == nil {
                differences.append("image not downloaded")
            }
            return differences
        }
    }

    private static func money(_ amount: Double?, _ currency: String?) -> String {
        amount.map { "\($0) \(currency ?? "(no currency)")" } ?? "none"
    }
}
