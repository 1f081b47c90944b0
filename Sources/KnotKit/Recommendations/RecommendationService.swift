/// Gift and date ideas (spec §5.5): generate three, ask for different ones, say what
/// you did with them, and read them back.
public struct RecommendationService: Sendable {
    /// The longest feedback text the server keeps.
    public static let maxFeedbackText = 2000

    let api: KnotAPI

    /// Three recommendations for an occasion, or for a milestone of the vault (priced by
    /// `occasion`). 500 (``KnotError/server(status:detail:)``) when none could be made.
    public func generate(occasion: OccasionType = .justBecause, milestoneID: String? = nil) async throws -> RecommendationSet {
        var body: [String: String] = ["occasion_type": occasion.rawValue]
        body["milestone_id"] = milestoneID
        return try await api.json(RecommendationSet.self, .post, "recommendations/generate", body: body)
    }

    /// New recommendations instead of `rejectedIDs`, avoiding what `reason` says was wrong
    /// (for `too_expensive`: nothing in the rejected price tier or above, no rejected title).
    public func refresh(rejecting rejectedIDs: [String], reason: RejectionReason) async throws -> RecommendationSet {
        guard !rejectedIDs.isEmpty else {
            throw KnotError.invalid(field: "rejected_recommendation_ids", message: "Name at least one recommendation to replace")
        }
        let body = RefreshBody(rejectedRecommendationIDs: rejectedIDs, rejectionReason: reason)
        return try await api.json(RecommendationSet.self, .post, "recommendations/refresh", body: body)
    }

    /// Records what the user did; `rated` needs a `rating` of 1…5.
    @discardableResult
    public func feedback(
        _ recommendationID: String, action: FeedbackAction, rating: Int? = nil, text: String? = nil
    ) async throws -> FeedbackReceipt {
        if let rating, !(1...5).contains(rating) { throw KnotError.invalid(field: "rating", message: "A rating is 1 to 5") }
        if action == .rated, rating == nil {
            throw KnotError.invalid(field: "rating", message: "A rating is required for the 'rated' action")
        }
        if let text, text.unicodeScalars.count > Self.maxFeedbackText {
            throw KnotError.invalid(field: "feedback_text", message: "Feedback has at most \(Self.maxFeedbackText) characters")
        }
        let body = FeedbackBody(recommendationID: recommendationID, action: action, rating: rating, feedbackText: text)
        return try await api.json(FeedbackReceipt.self, .post, "recommendations/feedback", body: body)
    }

    /// The latest recommendations made for a milestone (never generates).
    public func forMilestone(_ milestoneID: String) async throws -> MilestoneRecommendations {
        try await api.json(MilestoneRecommendations.self, .get, "recommendations/by-milestone/" + KnotAPI.segment(milestoneID))
    }

    /// One stored recommendation (what a shared link opens).
    public func recommendation(_ id: String) async throws -> StoredRecommendation {
        try await api.json(StoredRecommendation.self, .get, "recommendations/" + KnotAPI.segment(id))
    }
}

struct RefreshBody: Encodable, Sendable {
    var rejectedRecommendationIDs: [String]
    var rejectionReason: RejectionReason

    enum CodingKeys: String, CodingKey {
        case rejectedRecommendationIDs = "rejected_recommendation_ids", rejectionReason = "rejection_reason"
    }
}

struct FeedbackBody: Encodable, Sendable {
    var recommendationID: String
    var action: FeedbackAction
    var rating: Int?
    var feedbackText: String?

    enum CodingKeys: String, CodingKey {
        case recommendationID = "recommendation_id", action, rating, feedbackText = "feedback_text"
    }
}
