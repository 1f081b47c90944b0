/// Extracts a ``ProductPage`` from the HTML of a shop page, using libxml2's HTML parser.
///
/// Sources, most trusted first; each field takes the first source that has a usable value:
/// 1. JSON-LD schema.org `Product` — the data shops publish for search engines;
/// 2. OpenGraph (`og:*`, `product:price:*`) — curated for link previews;
/// 3. microdata `Product` — product-scoped, but often hand-written and sloppy;
/// 4. Twitter cards — usually a copy of OpenGraph, sometimes with the shop's name added;
/// 5. plain HTML — `<title>`, `<meta name="description">`, `<link rel="canonical">`,
///    `<link rel="image_src">`.
///
/// Price and currency travel together: the price comes from the first source that has
/// one, its currency from that same source, or else from the first source naming any
/// currency. An image or canonical link that is not http(s) after resolving against the
/// page URL, or a canonical link off the page's site, is skipped in favour of the next.
///
/// Confidence, deterministic:
/// - 0 without a title;
/// - 0.3 a title only; 0.5 a title and an image or a price; 0.7 all three;
/// - +0.1 when the page declares a product (`og:type` product, a `Product` item);
/// - 0.9 when a JSON-LD or microdata `Product` itself names the product and its price,
///   0.95 when the page also gives an image.
public struct ProductPageParser: Sendable {
    public let maxHTMLBytes: Int

    /// Pages larger than `maxHTMLBytes` are cut to that size before parsing; product data
    /// lives in the head and the top of the body, and libxml2 recovers from the cut.
    public init(maxHTMLBytes: Int = 2_000_000) {
        self.maxHTMLBytes = max(0, maxHTMLBytes)
    }

    /// Never fails: garbage or empty input gives ``ProductPage/nothing``.
    /// - Parameters:
    ///   - pageURL: the address the page was fetched from (after redirects).
    ///   - declaredCharset: the charset of the HTTP `Content-Type` header, which outranks
    ///     the page's own `<meta charset>`; `nil` follows the page, then assumes UTF-8.
    public func parse(html: [UInt8], pageURL: String, declaredCharset: String? = nil) -> ProductPage {
        let bytes = Self.prefix(of: html, limit: maxHTMLBytes)
        guard let document = HTMLDocument(bytes: bytes, encoding: declaredCharset) else { return .nothing }
        let jsonLD = JSONLDProductReader().read(document)
        let microdata = MicrodataReader().read(document)
        let meta = MetaTagReader().read(document)
        return Self.merge(
            [jsonLD, meta.openGraph, microdata, meta.twitterCard, meta.plainHTML].compactMap { $0 },
            structured: [jsonLD, microdata].compactMap { $0 },
            pageURL: PageURL(pageURL)
        )
    }

    private static func merge(
        _ sources: [ProductClaims], structured: [ProductClaims], pageURL: PageURL
    ) -> ProductPage {
        var page = ProductPage()
        page.title = sources.lazy.compactMap { PageText.cleaned($0.title, limit: PageText.titleLimit) }.first
        page.description = sources.lazy
            .compactMap { PageText.cleaned($0.description, limit: PageText.descriptionLimit) }.first
        page.imageURL = sources.lazy.flatMap(\.imageURLs).compactMap(pageURL.resolved).first
        page.canonicalURL = sources.lazy.flatMap(\.canonicalURLs).compactMap(pageURL.resolvedOnSameSite).first
        if let priced = sources.first(where: { $0.price != nil }) {
            page.price = priced.price
            page.currency = priced.currency ?? sources.lazy.compactMap(\.currency).first
        }
        page.confidence = confidence(
            of: page,
            declaresProduct: sources.contains(where: \.declaresProduct),
            structuredProductIsComplete: structured.contains {
                $0.price != nil && PageText.cleaned($0.title, limit: 1) != nil
            }
        )
        return page
    }

    private static func confidence(
        of page: ProductPage, declaresProduct: Bool, structuredProductIsComplete: Bool
    ) -> Double {
        guard page.title != nil else { return 0 }
        let hasImage = page.imageURL != nil
        if structuredProductIsComplete { return hasImage ? 0.95 : 0.9 }
        // Whole percentages, so equal pages give bit-for-bit equal scores.
        var percent = 30
        if hasImage { percent += 20 }
        if page.price != nil { percent += 20 }
        if declaresProduct { percent += 10 }
        return Double(percent) / 100
    }

    /// At most `limit` bytes, not ending inside a UTF-8 sequence (harmless for other charsets).
    private static func prefix(of html: [UInt8], limit: Int) -> ArraySlice<UInt8> {
        guard html.count > limit else { return html[...] }
        var end = limit
        while end > 0, limit - end < 3, html[end] & 0xC0 == 0x80 {
            end -= 1
        }
        return html[..<end]
    }
}
