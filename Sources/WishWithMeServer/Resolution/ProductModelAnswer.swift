import Foundation
import HearthCore

/// The language model's answer (spec §6.2 step 5) checked field by field and turned into a
/// ``ProductPage``: a field of the wrong type, out of range or pointing off the page's site
/// is dropped, the rest is kept. An answer that is no JSON object gives `nil`.
enum ProductModelAnswer {
    /// Confidence of an answer that names a product but says nothing of its certainty:
    /// as much as a page title alone is worth to the parser.
    static let defaultConfidence = 0.3

    /// Parses `content`: the whole text as JSON, else its outermost `{…}` (models like to
    /// wrap JSON in prose or code fences).
    static func object(in content: String) -> [String: JSONValue]? {
        let parser = JSONParser(limits: .init(maxBytes: 1024 * 1024, maxDepth: 16, maxStringBytes: 64 * 1024))
        if let whole = try? parser.parse(content), let object = whole.objectValue { return object }
        guard let open = content.firstIndex(of: "{"), let close = content.lastIndex(of: "}"), open < close,
            let inner = try? parser.parse(String(content[open...close]))
        else { return nil }
        return inner.objectValue
    }

    /// The product `content` describes, or `nil` when it is not a JSON object.
    /// - Parameters:
    ///   - pageURL: the page the model read; relative links resolve against it, and the
    ///     canonical URL must stay on its registrable domain.
    ///   - imageCandidates: the pictures offered to the model; one of them is preferred, any
    ///     other absolute http(s) picture is accepted.
    static func product(from content: String, pageURL: String, imageCandidates: [String]) -> ProductPage? {
        guard let answer = object(in: content) else { return nil }
        let page = PageURL(pageURL)
        var product = ProductPage()
        product.title = PageText.cleaned(answer["title"]?.stringValue, limit: PageText.titleLimit)
        product.description = answer["description"]?.stringValue
            .flatMap { PageText.cleaned(PageText.strippingTags($0), limit: PageText.descriptionLimit) }
        if let price = amount(answer["price_amount"] ?? answer["price"]) {
            product.price = price
            product.currency = (answer["price_currency"] ?? answer["currency"])?.stringValue.flatMap(currency)
        }
        if let image = (answer["image_url"] ?? answer["image"])?.stringValue.flatMap(page.resolved) {
            product.imageURL = imageCandidates.first { $0 == image } ?? image
        }
        product.canonicalURL = (answer["canonical_url"] ?? answer["url"])?.stringValue.flatMap(page.resolvedOnSameSite)
        product.confidence = product.title == nil ? 0 : confidence(answer["confidence"]) ?? defaultConfidence
        return product
    }

    /// A number (or a plain numeric string) that can be a price; see ``PriceText/validAmount(_:)``.
    static func amount(_ value: JSONValue?) -> Double? {
        switch value {
        case .int, .double: value?.doubleValue.flatMap(PriceText.validAmount)
        case .string(let text):
            Double(text.trimmingCharacters(in: .whitespaces)).flatMap(PriceText.validAmount)
        default: nil
        }
    }

    /// Three ASCII letters, upper-cased (`rub` is `RUB`; `RUR` becomes `RUB`).
    static func currency(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 3, trimmed.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let code = trimmed.uppercased()
        return code == "RUR" ? "RUB" : code
    }

    /// A finite number in 0…1 (a string such as `"0.8"` too); anything else is no confidence.
    static func confidence(_ value: JSONValue?) -> Double? {
        let number: Double? =
            switch value {
            case .int, .double: value?.doubleValue
            case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
            default: nil
            }
        guard let number, number.isFinite, number >= 0, number <= 1 else { return nil }
        return number
    }
}
