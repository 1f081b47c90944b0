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
