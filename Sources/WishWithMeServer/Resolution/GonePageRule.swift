/// Tells a "this product is gone" page answered with 200 (a soft 404) from a product: no
/// price was found and the title says the page or product does not exist any more. Such a
/// link ends as `BLOCKED_OR_UNAVAILABLE` instead of an item named "Page not found". A page
/// with a price is a product, even a sold-out one.
enum GonePageRule {
    /// Lower-cased phrases of titles of missing pages and withdrawn products.
    static let gonePhrases = [
        "page not found", "product not found", "not available", "no longer available", "product unavailable",
        "item unavailable", "404", "страница не найдена", "товар не найден", "товар недоступен", "больше не продается",
        "больше не продаётся",
    ]

    static func isGone(_ product: ProductPage) -> Bool {
        guard product.price == nil, let title = product.title?.lowercased() else { return false }
        return gonePhrases.contains { title.contains($0) }
    }
}
