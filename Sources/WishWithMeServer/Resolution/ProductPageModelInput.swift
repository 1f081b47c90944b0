import Foundation

/// What the language model is shown of a page (spec §6.2 step 4): its Open Graph tags,
/// its JSON-LD blocks, its cleaned and capped HTML, and the pictures it could mean.
struct ProductPageModelInput: Sendable, Hashable {
    /// The Open Graph and product price tags the spec names, by lower-cased key.
    static let openGraphKeys = [
        "og:title", "og:description", "og:image", "og:price:amount", "product:price:amount", "og:price:currency",
        "product:price:currency",
    ]
    static let maxJSONLDBlocks = 5
    static let maxJSONLDCharacters = 20_000
    /// Pictures declared smaller than this (width or height attribute) are decoration.
    static let smallestImage = 50
    /// Words in an image URL that mark a logo, icon, tracker or person rather than a product.
    static let nonProductImageWords = [
        "icon", "logo", "badge", "sprite", "placeholder", "pixel", "tracking", "avatar", "user", "profile",
    ]

    let pageURL: String
    var openGraph: [String: String] = [:]
    /// Raw text of each `application/ld+json` script, each cut to ``maxJSONLDCharacters``.
    var jsonLD: [String] = []
    /// Absolute http(s) image URLs, `og:image` first, filtered and de-duplicated.
    var imageCandidates: [String] = []
    /// See ``CleanedHTML``.
    var html = ""

    init(pageURL: String, openGraph: [String: String] = [:], jsonLD: [String] = [], imageCandidates: [String] = [], html: String = "") {
        self.pageURL = pageURL
        self.openGraph = openGraph
        self.jsonLD = jsonLD
        self.imageCandidates = imageCandidates
        self.html = html
    }

    /// Reads `html` (bytes in `charset`, `nil` for the page's own) fetched from `pageURL`.
    init(html: [UInt8], pageURL: String, charset: String?, maxHTMLCharacters: Int = 100_000, maxImageCandidates: Int = 20) {
        self.pageURL = pageURL
        let bytes = html.prefix(ProductPageParser().maxHTMLBytes)
        self.html = CleanedHTML.clean(bytes, encoding: charset, limit: maxHTMLCharacters)
        guard let document = HTMLDocument(bytes: bytes, encoding: charset) else { return }
        let base = PageURL(pageURL)
        var images: [String] = []
        var openGraph: [String: String] = [:]
        var jsonLD: [String] = []
        document.forEachElement { element in
            switch element.name {
            case "meta":
                let key = (element.attribute("property") ?? element.attribute("name"))?.trimmingCharacters(in: .whitespaces).lowercased()
                if let key, Self.openGraphKeys.contains(key), openGraph[key] == nil,
                    let content = PageText.cleaned(element.attribute("content"), limit: PageText.descriptionLimit)
                {
                    openGraph[key] = content
                }
            case "script":
                if element.attribute("type")?.lowercased().contains("ld+json") == true, jsonLD.count < Self.maxJSONLDBlocks {
                    let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !text.isEmpty { jsonLD.append(String(text.prefix(Self.maxJSONLDCharacters))) }
                }
                return .skipChildren
            case "img":
                if Self.isLargeEnough(element), let source = ["src", "data-src", "data-original", "data-lazy-src"].lazy.compactMap(element.attribute).first {
                    images.append(source)
                }
            case "style", "svg", "template", "noscript":
                return .skipChildren
            default:
                break
            }
            return .descend
        }
        self.openGraph = openGraph
        self.jsonLD = jsonLD
        imageCandidates = Self.candidates(([openGraph["og:image"]].compactMap { $0 }) + images, page: base, limit: maxImageCandidates)
    }

    /// `references` resolved against the page, keeping absolute http(s) pictures that are
    /// not data URLs, SVG, GIF or named like an icon, logo, tracker or avatar; at most `limit`.
    static func candidates(_ references: [String], page: PageURL, limit: Int) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for reference in references where result.count < limit {
            guard let absolute = page.resolved(reference), isProductPicture(absolute), seen.insert(absolute).inserted else { continue }
            result.append(absolute)
        }
        return result
    }

    static func isProductPicture(_ absoluteURL: String) -> Bool {
        let lowered = absoluteURL.lowercased()
        let path = URL(string: absoluteURL)?.path.lowercased() ?? lowered
        if path.hasSuffix(".gif") || path.hasSuffix(".svg") || path.hasSuffix(".ico") { return false }
        return !nonProductImageWords.contains { lowered.contains($0) }
    }

    /// False when a `width` or `height` attribute says the picture is under ``smallestImage`` pixels.
    private static func isLargeEnough(_ element: HTMLElement) -> Bool {
        for dimension in ["width", "height"] {
            guard let value = element.attribute(dimension) else { continue }
            let digits = value.trimmingCharacters(in: .whitespaces).prefix(while: \.isWholeNumber)
            if let pixels = Int(digits), pixels < smallestImage { return false }
        }
        return true
    }
}
