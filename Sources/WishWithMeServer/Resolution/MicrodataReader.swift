/// Reads the first schema.org `Product` item marked up with HTML microdata
/// (`itemscope itemtype=".../Product"` and `itemprop` attributes).
///
/// Properties of nested items (a `brand` Organization's `name`, a review's `description`)
/// belong to those items and are ignored; nested `offers` and `priceSpecification` items
/// supply the price. `itemref` is not followed.
struct MicrodataReader {
    private static let offerDepthLimit = 4

    /// What one item's own properties say: the first value of each property name, and the
    /// nested items that may carry its price.
    private struct Item {
        var properties: [String: String] = [:]
        var offers: [HTMLElement] = []
    }

    func read(_ document: HTMLDocument) -> ProductClaims? {
        var nameless: Item?
        var named: Item?
        document.forEachElement { element in
            guard element.hasAttribute("itemscope"), Self.isProduct(element.attribute("itemtype")) else {
                return .descend
            }
            let item = Self.item(element, in: document)
            if item.properties["name"] == nil {
                nameless = nameless ?? item
                return .skipChildren
            }
            named = item
            return .stop
        }
        guard let product = named ?? nameless else { return nil }
        var claims = ProductClaims(declaresProduct: true)
        claims.title = product.properties["name"]
        claims.description = product.properties["description"]
        claims.imageURLs = product.properties["image"].map { [$0] } ?? []
        claims.canonicalURLs = product.properties["url"].map { [$0] } ?? []
        // A price put straight on the product is wrong by schema.org but common.
        if let (price, currency) = Self.price(of: product, in: document, inheritedCurrency: nil, depth: 0) {
            claims.price = price
            claims.currency = currency
        }
        return claims
    }

    private static func isProduct(_ itemtype: String?) -> Bool {
        guard let itemtype else { return false }
        return itemtype.lowercased().split(whereSeparator: \.isWhitespace).contains { type in
            type.contains("schema.org/product") || type.hasSuffix("schema.org/individualproduct")
        }
    }

    private static func item(_ scope: HTMLElement, in document: HTMLDocument) -> Item {
        var item = Item()
        document.forEachElement(below: scope) { element in
            let names = (element.attribute("itemprop") ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            if element.hasAttribute("itemscope") {
                if names.contains("offers") || names.contains("priceSpecification") { item.offers.append(element) }
                return .skipChildren
            }
            if !names.isEmpty, let value = value(of: element) {
                for name in names where item.properties[name] == nil {
                    item.properties[name] = value
                }
            }
            return .descend
        }
        return item
    }

    /// The microdata value of a property element; a `content` attribute wins everywhere,
    /// as shops put machine-readable prices there on `<span>`s.
    private static func value(of element: HTMLElement) -> String? {
        if let content = element.attribute("content") { return content }
        let value: String? =
            switch element.name {
            case "img":
                [element.attribute("src"), element.attribute("data-src")].compactMap { $0 }
                    .first { !$0.lowercased().hasPrefix("data:") && !$0.isEmpty }
            case "audio", "embed", "iframe", "source", "track", "video": element.attribute("src")
            case "a", "area", "link": element.attribute("href")
            case "object": element.attribute("data")
            case "data", "meter": element.attribute("value")
            case "time": element.attribute("datetime") ?? element.text
            default: element.text
            }
        return value.flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
    }

    private static func price(
        of item: Item, in document: HTMLDocument, inheritedCurrency: String?, depth: Int
    ) -> (Double, String?)? {
        let currency = item.properties["priceCurrency"].flatMap(CurrencyCode.normalised) ?? inheritedCurrency
        for offer in item.offers where depth < offerDepthLimit {
            let nested = self.item(offer, in: document)
            if let found = price(of: nested, in: document, inheritedCurrency: currency, depth: depth + 1) {
                return found
            }
        }
        for key in ["price", "lowPrice", "highPrice"] {
            if let text = item.properties[key], let parsed = PriceText(text) {
                return (parsed.amount, currency ?? parsed.currency)
            }
        }
        return nil
    }
}
