import Foundation
import HearthCore

/// Reads the schema.org `Product` a page describes in `<script type="application/ld+json">`.
///
/// Products are found at the top level of a block, in top-level arrays, in `@graph`, and
/// nested anywhere else (`mainEntity`), nearer the top first; the first product with a name
/// is the page's product. Blocks that are not valid JSON even after ``JSONLDText`` repairs
/// are skipped. Strings are entity-decoded, since libxml2 leaves script text as written.
struct JSONLDProductReader {
    private static let productTypes: Set<String> = [
        "product", "productgroup", "individualproduct", "productmodel", "someproducts",
    ]
    /// How many JSON values one page may make us look at while searching for products.
    private static let searchBudget = 20_000
    private static let offerDepthLimit = 4

    private let parser = JSONParser(limits: .init(maxBytes: 2_000_000, maxDepth: 64, maxStringBytes: 500_000))

    func read(_ document: HTMLDocument) -> ProductClaims? {
        var products: [[String: JSONValue]] = []
        var budget = Self.searchBudget
        document.forEachElement { element in
            guard element.name == "script" else { return .descend }
            if Self.isJSONLD(element.attribute("type")),
                let value = try? parser.parse(JSONLDText.repaired(element.text))
            {
                products += Self.products(in: value, budget: &budget)
            }
            return .skipChildren
        }
        guard let product = products.first(where: { Self.text($0["name"]) != nil }) ?? products.first else {
            return nil
        }
        return claims(from: product)
    }

    private static func isJSONLD(_ type: String?) -> Bool {
        type?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("application/ld+json") ?? false
    }

    /// Breadth-first, so a block's own product comes before products it merely mentions.
    private static func products(in root: JSONValue, budget: inout Int) -> [[String: JSONValue]] {
        var found: [[String: JSONValue]] = []
        var queue = [root]
        var next = 0
        while next < queue.count, budget > 0 {
            let value = queue[next]
            next += 1
            budget -= 1
            switch value {
            case .array(let elements):
                queue += elements
            case .object(let members):
                if isProduct(members) { found.append(members) }
                // Sorted keys keep the search order, and so the answer, deterministic.
                queue += members.keys.sorted().compactMap { key in
                    members[key].flatMap { $0.arrayValue != nil || $0.objectValue != nil ? $0 : nil }
                }
            default:
                break
            }
        }
        return found
    }

    private static func isProduct(_ object: [String: JSONValue]) -> Bool {
        let types = object["@type"].map { $0.arrayValue ?? [$0] } ?? []
        return types.contains { type in
            guard let name = type.stringValue?.split(whereSeparator: { "/:#".contains($0) }).last else { return false }
            return productTypes.contains(name.lowercased())
        }
    }

    private func claims(from product: [String: JSONValue]) -> ProductClaims {
        var claims = ProductClaims(declaresProduct: true)
        claims.title = Self.text(product["name"])
        claims.description = Self.text(product["description"]).map(PageText.strippingTags)
        claims.imageURLs = Self.imageURLs(product["image"])
        claims.canonicalURLs = Self.text(product["url"]).map { [$0] } ?? []
        let firstVariant = product["hasVariant"].map { $0.arrayValue?.first ?? $0 }
        if let offers = product["offers"] ?? firstVariant?["offers"],
            let (price, currency) = Self.price(in: offers, inheritedCurrency: nil, depth: 0)
        {
            claims.price = price
            claims.currency = currency
        }
        return claims
    }

    /// The first price among an Offer, AggregateOffer, PriceSpecification or an array of
    /// them, with the currency the nearest level names.
    private static func price(in value: JSONValue, inheritedCurrency: String?, depth: Int) -> (Double, String?)? {
        guard depth <= offerDepthLimit else { return nil }
        if let elements = value.arrayValue {
            for element in elements {
                if let found = price(in: element, inheritedCurrency: inheritedCurrency, depth: depth + 1) {
                    return found
                }
            }
            return nil
        }
        guard value.objectValue != nil else { return nil }
        let currency = text(value["priceCurrency"]).flatMap(CurrencyCode.normalised) ?? inheritedCurrency
        for key in ["price", "lowPrice", "highPrice"] {
            if let amount = value[key] {
                if let number = amount.doubleValue, let valid = PriceText.validAmount(number) {
                    return (valid, currency)
                }
                if let string = text(amount), let parsed = PriceText(string) {
                    return (parsed.amount, currency ?? parsed.currency)
                }
            }
        }
        for key in ["priceSpecification", "offers"] {
            if let nested = value[key], let found = price(in: nested, inheritedCurrency: currency, depth: depth + 1) {
                return found
            }
        }
        return nil
    }

    /// An image given as a URL, an ImageObject, or an array of either.
    private static func imageURLs(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        if let elements = value.arrayValue {
            return elements.prefix(8).flatMap { element in
                element.arrayValue == nil ? imageURLs(element) : []
            }
        }
        if value.objectValue != nil {
            return [text(value["url"]), text(value["contentUrl"])].compactMap { $0 }
        }
        return text(value).map { [$0] } ?? []
    }

    /// A string value, the first of an array of them, or a language-tagged `@value`.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let string):
            let decoded = HTMLEntities.decode(string)
            return decoded.contains(where: { !$0.isWhitespace }) ? decoded : nil
        case .array(let elements):
            return elements.lazy.compactMap { element in element.arrayValue == nil ? text(element) : nil }.first
        case .object(let members):
            return text(members["@value"])
        default:
            return nil
        }
    }
}
