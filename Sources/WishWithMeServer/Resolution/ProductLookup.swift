import Foundation
import HearthCore
import HearthOutbound
import Logging
import NIOPosix

/// What a shop link says about its product (spec §6.2), in layers: the page's structured
/// data; when that leaves the title or price out, the page rendered by the headless
/// browser (behind the outbound proxy); then, when configured, a language model for what
/// is still missing. Challenge pages are recognised; the chosen image is fetched through
/// the outbound policy and stored as a trimmed JPEG (``ProductPhoto``). Used by the
/// resolution job, `hearth wish resolve` and `hearth bench resolve`.
public struct ProductLookup: Sendable {
    let fetcher: OutboundFetcher
    /// Renders pages whose raw HTML lacks the product (built by script); `nil` without Chromium.
    let browser: ProductPageBrowser?
    /// Fills what structured data left out (spec §6.2 steps 4–5); `nil` when not configured.
    let model: ProductModelClient?
    /// Lookups of one shop (and of one image host) this process runs at once.
    let hosts: HostConcurrencyLimiter
    let parser = ProductPageParser()
    let photo = ProductPhoto()
    /// How long the picture may take to arrive: a slow image host costs the item its
    /// picture, never its title and price.
    let imageTimeout: Duration
    let logger: Logger

    /// Lookups of one shop at once, per process: enough for a wishlist pasted in a burst,
    /// few enough not to look like a crawler.
    public static let requestsPerShop = 2
    static let maxImageDownloadBytes = 5 * 1024 * 1024

    public init(
        fetcher: OutboundFetcher, browser: ProductPageBrowser?, model: ProductModelClient?,
        hosts: HostConcurrencyLimiter = HostConcurrencyLimiter(perHost: ProductLookup.requestsPerShop),
        imageTimeout: Duration = .seconds(15), logger: Logger
    ) {
        self.imageTimeout = imageTimeout
        self.fetcher = fetcher
        self.browser = browser
        self.model = model
        self.hosts = hosts
        self.logger = logger
    }

    public func resolve(_ sourceURL: String) async throws(OutboundError) -> ItemResolution {
        let product: ProductPage?
        do {
            product = try await hosts.withPermit(host: Self.host(of: sourceURL)) { try await readProduct(sourceURL) }
        } catch let error as OutboundError {
            throw error
        } catch {
            // Only cancellation gets here: the job's time ran out while queueing for the shop.
            throw .timeout
        }
        guard let product, !GonePageRule.isGone(product) else { return .failed(code: "BLOCKED_OR_UNAVAILABLE") }
        guard product.confidence > 0, product.title != nil else { return .failed(code: "UNSUPPORTED_CONTENT") }
        return .resolved(product, imageBase64: await image(of: product))
    }

    /// The product as the page's layers describe it; `nil` for a challenge page (spec §6.2 step 3).
    private func readProduct(_ sourceURL: String) async throws -> ProductPage? {
        let page = try await fetcher.get(sourceURL, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
        let charset = page.contentType.flatMap(Self.charset(of:))
        var final = (html: page.bytes, url: page.url, charset: charset, status: Int?.none)
        var product = parser.parse(html: final.html, pageURL: page.url, declaredCharset: charset)
        if !product.isComplete, let browser {
            do {
                let rendered = try await browser.render(page.url, policy: fetcher.policy)
                final = (Array(rendered.html.utf8), rendered.finalURL, "utf-8", rendered.status)
                product = product.filled(from: parser.parse(html: final.html, pageURL: final.url, declaredCharset: final.charset))
            } catch {
                logger.info("rendering the page failed; using its raw HTML", metadata: ["error": "\(error)"])
            }
        }
        guard !product.isComplete else { return product }
        if BlockedPageDetector.isBlocked(html: final.html, status: final.status, charset: final.charset) {
            return nil
        }
        if let model {
            let input = ProductPageModelInput(
                html: final.html, pageURL: final.url, charset: final.charset, maxHTMLCharacters: model.settings.maxHTMLCharacters,
                maxImageCandidates: model.settings.maxImageCandidates)
            if let reading = await model.read(input) { product = product.supplemented(by: reading) }
        }
        return product
    }

    /// The product's picture as stored (spec §6.2 step 6, without the screenshot): fetched
    /// through the outbound policy, trimmed, on white, ≤ 800 px, JPEG; `nil` when there is
    /// none, it cannot be fetched in time, or it is not a picture.
    private func image(of product: ProductPage) async -> String? {
        guard let imageURL = product.imageURL else { return nil }
        do {
            let (fetcher, hosts) = (fetcher, hosts)
            let fetched = try await withTimeout(imageTimeout) {
                try await hosts.withPermit(host: Self.host(of: imageURL)) {
                    try await fetcher.getImage(imageURL, maxBytes: Self.maxImageDownloadBytes)
                }
            }
            // Decoding and scaling a large picture takes a while: keep it off the task executor.
            let (photo, bytes) = (photo, fetched.bytes)
            return try await NIOThreadPool.singleton.runIfActive { photo.dataURL(from: bytes) }
        } catch {
            logger.info("the product image could not be fetched", metadata: ["error": "\(error)"])
            return nil
        }
    }

    static func host(of url: String) -> String {
        URLComponents(string: url)?.host?.lowercased() ?? ""
    }

    static func charset(of contentType: String) -> String? {
        contentType.split(separator: ";").dropFirst().lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }
}
