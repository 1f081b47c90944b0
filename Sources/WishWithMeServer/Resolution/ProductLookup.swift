import Foundation
import HearthCore
import HearthOutbound
import Logging

/// What a shop link says about its product (spec §6.2), in layers: the page's structured
/// data; when that leaves the title or price out, the page rendered by the headless
/// browser (behind the outbound proxy); then, when configured, a language model for what
/// is still missing. Challenge pages are recognised; the image is fetched through the
/// outbound policy. Used by the resolution job and by `hearth wish resolve`.
public struct ProductLookup: Sendable {
    let fetcher: OutboundFetcher
    /// Renders pages whose raw HTML lacks the product (built by script); `nil` without Chromium.
    let browser: ProductPageBrowser?
    /// Fills what structured data left out (spec §6.2 steps 4–5); `nil` when not configured.
    let model: ProductModelClient?
    let parser = ProductPageParser()
    let logger: Logger

    /// Images up to this size are embedded as `image_base64`; larger ones are linked.
    static let maxInlineImageBytes = 1024 * 1024
    static let maxImageDownloadBytes = 5 * 1024 * 1024

    public init(fetcher: OutboundFetcher, browser: ProductPageBrowser?, model: ProductModelClient?, logger: Logger) {
        self.fetcher = fetcher
        self.browser = browser
        self.model = model
        self.logger = logger
    }

    public func resolve(_ sourceURL: String) async throws(OutboundError) -> ItemResolution {
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
        if !product.isComplete {
            if BlockedPageDetector.isBlocked(html: final.html, status: final.status, charset: final.charset) {
                return .failed(code: "BLOCKED_OR_UNAVAILABLE")
            }
            if let model {
                let input = ProductPageModelInput(
                    html: final.html, pageURL: final.url, charset: final.charset, maxHTMLCharacters: model.settings.maxHTMLCharacters,
                    maxImageCandidates: model.settings.maxImageCandidates)
                if let reading = await model.read(input) { product = product.supplemented(by: reading) }
            }
        }
        guard product.confidence > 0, product.title != nil else { return .failed(code: "UNSUPPORTED_CONTENT") }
        var image: String?
        if let imageURL = product.imageURL, let fetched = try? await fetcher.getImage(imageURL, maxBytes: Self.maxImageDownloadBytes),
            fetched.body.readableBytes <= Self.maxInlineImageBytes, let type = fetched.mediaType
        {
            image = "data:\(type);base64,\(Data(fetched.bytes).base64EncodedString())"
        }
        return .resolved(product, imageBase64: image)
    }

    static func charset(of contentType: String) -> String? {
        contentType.split(separator: ";").dropFirst().lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }
}
