/// What a shop page says about the product it shows, ready to fill a wishlist item.
///
/// Every field is optional because pages omit things; ``confidence`` says how much the
/// whole is worth (see ``ProductPageParser`` for its scale).
public struct ProductPage: Sendable, Hashable {
    /// Whitespace collapsed, at most 200 characters.
    public var title: String?
    /// Whitespace collapsed, markup removed, at most 1000 characters.
    public var description: String?
    /// Above zero and finite, e.g. `1299.9`.
    public var price: Double?
    /// ISO 4217, upper case (`RUB`, `USD`); only present together with ``price``.
    public var currency: String?
    /// Absolute http(s) URL.
    public var imageURL: String?
    /// Absolute http(s) URL on the same registrable domain as the page.
    public var canonicalURL: String?
    /// 0…1: how sure we are this is a product page with usable data.
    public var confidence: Double

    public init(
        title: String? = nil, description: String? = nil, price: Double? = nil, currency: String? = nil,
        imageURL: String? = nil, canonicalURL: String? = nil, confidence: Double = 0
    ) {
        self.title = title
        self.description = description
        self.price = price
        self.currency = currency
        self.imageURL = imageURL
        self.canonicalURL = canonicalURL
        self.confidence = confidence
    }

    /// A page that told us nothing.
    public static let nothing = ProductPage()
}
