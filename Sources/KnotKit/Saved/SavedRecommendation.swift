/// A recommendation the user kept for later, as this device remembers it.
public struct SavedRecommendation: Codable, Sendable, Hashable {
    public var id: String
    public var recommendationType: String
    public var title: String
    public var description: String?
    public var externalURL: String?
    public var priceCents: Int64?
    public var currency: String?
    public var merchantName: String?
    public var imageURL: String?
    /// When it was saved, RFC 3339.
    public var savedAt: String

    public init(_ recommendation: Recommendation, savedAt: String) {
        id = recommendation.id
        recommendationType = recommendation.recommendationType
        title = recommendation.title
        description = recommendation.description
        externalURL = recommendation.externalURL
        priceCents = recommendation.priceCents
        currency = recommendation.currency
        merchantName = recommendation.merchantName
        imageURL = recommendation.imageURL
        self.savedAt = savedAt
    }

    public init(_ recommendation: StoredRecommendation, savedAt: String) {
        id = recommendation.id
        recommendationType = recommendation.recommendationType
        title = recommendation.title
        description = recommendation.description
        externalURL = recommendation.externalURL
        priceCents = recommendation.priceCents
        currency = nil
        merchantName = recommendation.merchantName
        imageURL = recommendation.imageURL
        self.savedAt = savedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, recommendationType = "recommendation_type", title, description, externalURL = "external_url"
        case priceCents = "price_cents", currency, merchantName = "merchant_name", imageURL = "image_url", savedAt = "saved_at"
    }
}
