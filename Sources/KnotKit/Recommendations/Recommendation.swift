/// A fresh recommendation, as generate and refresh answer it (`RecommendationItem`,
/// spec §5.4). Money is in cents.
public struct Recommendation: Codable, Sendable, Hashable {
    public var id: String
    /// `gift`, `experience` or `date`.
    public var recommendationType: String
    public var title: String
    public var description: String?
    public var priceCents: Int64?
    public var currency: String
    public var externalURL: String
    public var imageURL: String?
    public var merchantName: String?
    public var source: String
    public var location: Location?
    public var interestScore: Double
    public var vibeScore: Double
    public var loveLanguageScore: Double
    public var finalScore: Double

    public struct Location: Codable, Sendable, Hashable {
        public var city: String?
        public var state: String?
        public var country: String?
        public var address: String?
    }

    enum CodingKeys: String, CodingKey {
        case id, recommendationType = "recommendation_type", title, description, priceCents = "price_cents", currency
        case externalURL = "external_url", imageURL = "image_url", merchantName = "merchant_name", source, location
        case interestScore = "interest_score", vibeScore = "vibe_score", loveLanguageScore = "love_language_score"
        case finalScore = "final_score"
    }
}

/// A recommendation read back later, by id or by milestone (`MilestoneRecommendationItem`).
public struct StoredRecommendation: Codable, Sendable, Hashable {
    public var id: String
    public var recommendationType: String
    public var title: String
    public var description: String?
    public var externalURL: String?
    public var priceCents: Int64?
    public var merchantName: String?
    public var imageURL: String?
    public var createdAt: String

    public init(
        id: String, recommendationType: String, title: String, description: String? = nil, externalURL: String? = nil,
        priceCents: Int64? = nil, merchantName: String? = nil, imageURL: String? = nil, createdAt: String
    ) {
        self.id = id
        self.recommendationType = recommendationType
        self.title = title
        self.description = description
        self.externalURL = externalURL
        self.priceCents = priceCents
        self.merchantName = merchantName
        self.imageURL = imageURL
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, recommendationType = "recommendation_type", title, description, externalURL = "external_url"
        case priceCents = "price_cents", merchantName = "merchant_name", imageURL = "image_url", createdAt = "created_at"
    }
}

/// The answer of generate (with `occasion_type`, `milestone_id`) and refresh (with `rejection_reason`).
public struct RecommendationSet: Codable, Sendable, Hashable {
    public var recommendations: [Recommendation]
    public var count: Int
    public var milestoneID: String?
    public var occasionType: OccasionType?
    public var rejectionReason: RejectionReason?

    enum CodingKeys: String, CodingKey {
        case recommendations, count, milestoneID = "milestone_id", occasionType = "occasion_type", rejectionReason = "rejection_reason"
    }
}

/// The recommendations made for one milestone, newest first (at most 10).
public struct MilestoneRecommendations: Codable, Sendable, Hashable {
    public var recommendations: [StoredRecommendation]
    public var count: Int
    public var milestoneID: String

    enum CodingKeys: String, CodingKey {
        case recommendations, count, milestoneID = "milestone_id"
    }
}

/// The feedback row the server stored.
public struct FeedbackReceipt: Codable, Sendable, Hashable {
    public var id: String
    public var recommendationID: String
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, recommendationID = "recommendation_id", action, rating, feedbackText = "feedback_text", createdAt = "created_at"
    }
}
