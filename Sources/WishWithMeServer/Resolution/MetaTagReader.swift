import Foundation

/// Reads the page's `<meta>` tags, `<link>` relations and `<title>`, and says what the
/// OpenGraph tags, the Twitter card tags and the plain HTML fallbacks claim.
struct MetaTagReader {
    struct Claims {
        var openGraph: ProductClaims
        var twitterCard: ProductClaims
        var plainHTML: ProductClaims
    }

    func read(_ document: HTMLDocument) -> Claims {
        let tags = Self.collect(document)
        return Claims(
            openGraph: Self.openGraph(tags), twitterCard: Self.twitterCard(tags), plainHTML: Self.plainHTML(tags)
        )
    }

    /// The first value of each meta key (lower-cased `property` or `name`), every `href` of
    /// the `canonical` and `image_src` relations in page order, and the first `<title>`
    /// outside inline SVG.
    private struct Tags {
        var meta: [String: String] = [:]
        var links: [String: [String]] = [:]
        var title: String?

        func meta(_ keys: String...) -> String? {
            keys.lazy.compactMap { meta[$0] }.first
        }
    }

    private static func collect(_ document: HTMLDocument) -> Tags {
        var tags = Tags()
        document.forEachElement { element in
            switch element.name {
            case "meta":
                // Old Twitter card markup put the value in `value`, not `content`.
                if let content = element.attribute("content") ?? element.attribute("value") {
                    for key in [element.attribute("property"), element.attribute("name")].compactMap({ $0 }) {
                        let normalised = key.trimmingCharacters(in: .whitespaces).lowercased()
                        if tags.meta[normalised] == nil { tags.meta[normalised] = content }
                    }
                }
            case "link":
                if let href = element.attribute("href") {
                    for relation in (element.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
                    where relation == "canonical" || relation == "image_src" {
                        tags.links[String(relation), default: []].append(href)
                    }
                }
            case "title":
                if tags.title == nil { tags.title = element.text }
            case "svg", "script", "style", "template":
                return .skipChildren
            default:
                break
            }
            return .descend
        }
        return tags
    }

    private static func openGraph(_ tags: Tags) -> ProductClaims {
        var claims = ProductClaims()
        claims.title = tags.meta("og:title")
        claims.description = tags.meta("og:description")
        // secure_url is the same picture as og:image, over https.
        claims.imageURLs = ["og:image:secure_url", "og:image", "og:image:url"].compactMap { tags.meta[$0] }
        claims.canonicalURLs = tags.meta("og:url").map { [$0] } ?? []
        let price = tags.meta("product:price:amount", "og:price:amount").flatMap(PriceText.init)
        claims.price = price?.amount
        claims.currency = tags.meta("product:price:currency", "og:price:currency").flatMap(CurrencyCode.normalised)
            ?? price?.currency
        let type = tags.meta("og:type")?.trimmingCharacters(in: .whitespaces).lowercased()
        claims.declaresProduct = type?.hasPrefix("product") ?? false
        return claims
    }

    private static func twitterCard(_ tags: Tags) -> ProductClaims {
        var claims = ProductClaims()
        claims.title = tags.meta("twitter:title")
        claims.description = tags.meta("twitter:description")
        claims.imageURLs = ["twitter:image", "twitter:image:src"].compactMap { tags.meta[$0] }
        // Product cards put the price in a numbered label/data pair.
        for number in 1...4 {
            guard let label = tags.meta("twitter:label\(number)")?.lowercased(),
                label.contains("price") || label.contains("цена"),
                let data = tags.meta("twitter:data\(number)"), let price = PriceText(data)
            else { continue }
            claims.price = price.amount
            claims.currency = price.currency
            break
        }
        return claims
    }

    private static func plainHTML(_ tags: Tags) -> ProductClaims {
        var claims = ProductClaims()
        claims.title = tags.title
        claims.description = tags.meta("description")
        claims.imageURLs = tags.links["image_src"] ?? []
        claims.canonicalURLs = tags.links["canonical"] ?? []
        return claims
    }
}
