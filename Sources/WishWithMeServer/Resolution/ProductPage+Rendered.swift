extension ProductPage {
    /// Whether the raw page already said all an item needs, so rendering it in a browser
    /// would add nothing: a title and a price from structured data.
    var isComplete: Bool { title != nil && price != nil && confidence >= 0.5 }

    /// This page's findings, with what `rendered` (the same page after its scripts ran)
    /// adds where this one is silent; the more confident reading wins the title.
    func filled(from rendered: ProductPage) -> ProductPage {
        let leader = rendered.confidence > confidence ? rendered : self
        let other = rendered.confidence > confidence ? self : rendered
        var merged = leader
        merged.title = leader.title ?? other.title
        merged.description = leader.description ?? other.description
        if merged.price == nil, let price = other.price {
            merged.price = price
            merged.currency = other.currency
        }
        merged.imageURL = leader.imageURL ?? other.imageURL
        merged.canonicalURL = leader.canonicalURL ?? other.canonicalURL
        merged.confidence = max(confidence, rendered.confidence)
        return merged
    }
}

extension ProductPage {
    /// This reading with the gaps filled from the language model's: a field the page's own
    /// data gave is never replaced. The model's price comes with its currency, and only
    /// when the page had no price; its currency alone completes a page price it agrees with.
    func supplemented(by model: ProductPage) -> ProductPage {
        var merged = self
        merged.title = title ?? model.title
        merged.description = description ?? model.description
        if price == nil, let price = model.price {
            merged.price = price
            merged.currency = model.currency
        } else if currency == nil, model.price == price {
            merged.currency = model.currency
        }
        merged.imageURL = imageURL ?? model.imageURL
        merged.canonicalURL = canonicalURL ?? model.canonicalURL
        if merged != self { merged.confidence = max(confidence, model.confidence) }
        return merged
    }
}
