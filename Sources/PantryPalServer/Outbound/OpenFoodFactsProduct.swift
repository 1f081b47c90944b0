import HearthCore

/// Reads an Open Food Facts v0 product answer (spec §2.3 step 2).
enum OpenFoodFactsProduct {
    enum Outcome: Sendable, Hashable {
        case found(ProviderProduct)
        /// Unknown code, or a product without a usable name.
        case missing
        /// Not the shape of an Open Food Facts answer.
        case malformed
    }

    static func read(_ answer: JSONValue, upc: String) -> Outcome {
        guard answer.objectValue != nil, let status = status(of: answer) else { return .malformed }
        guard status == 1, let product = answer["product"], product.objectValue != nil else { return .missing }
        guard let name = text(product["product_name"]) ?? text(product["product_name_en"]) else { return .missing }
        return .found(
            ProviderProduct(
                upc: upc,
                name: name,
                brand: text(product["brands"]),
                description: text(product["generic_name"]) ?? text(product["ingredients_text"]),
                imageURL: text(product["image_url"]) ?? text(product["image_front_url"]),
                category: category(product["categories_tags"])))
    }

    /// `status` is a number in practice; a numeric string is tolerated.
    private static func status(of answer: JSONValue) -> Int64? {
        if let number = answer["status"]?.intValue { return number }
        return answer["status"]?.stringValue.flatMap { Int64($0) }
    }

    /// A trimmed, non-blank string, or nil.
    private static func text(_ value: JSONValue?) -> String? {
        guard let raw = value?.stringValue else { return nil }
        let trimmed = raw.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The first category tag, without its `en:` language prefix.
    private static func category(_ tags: JSONValue?) -> String? {
        guard let first = text(tags?[0]) else { return nil }
        let bare = first.hasPrefix("en:") ? String(first.dropFirst(3)) : first
        return bare.isEmpty ? nil : bare
    }
}
