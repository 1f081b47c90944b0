/// What one kind of markup on a page (JSON-LD, OpenGraph, microdata…) says about the
/// product, as written: text not yet cleaned, links not yet resolved or checked.
struct ProductClaims: Hashable {
    var title: String?
    var description: String?
    var price: Double?
    var currency: String?
    /// Candidates in the page's order of preference; the first usable one wins.
    var imageURLs: [String] = []
    var canonicalURLs: [String] = []
    /// The markup itself says the page is about a product (`og:type` product, a
    /// schema.org `Product` item).
    var declaresProduct = false
}
