import HearthCore

/// The `RecommendationItem` of generate and refresh (spec §5.4), from a final candidate
/// (spec §6.9).
enum RecommendationResult {
    /// `image_url` falls back to the catalogue image of `matched_interest`, then of
    /// `matched_vibe`, else stays NULL.
    static func imageURL(of candidate: Candidate, catalog: StubCatalog) -> String? {
        if let image = candidate.imageURL { return image }
        if let interest = candidate.matchedInterest, let image = catalog.interestImages[interest] { return image }
        if let vibe = candidate.matchedVibe, let image = catalog.vibeImages[vibe] { return image }
        return nil
    }

    /// The JSON item; `id` is the stored row's id when persisting succeeded, else the
    /// candidate's own.
    static func item(_ candidate: Candidate, id: String? = nil, catalog: StubCatalog) -> JSONValue {
        [
            "id": .string(id ?? candidate.id),
            "recommendation_type": .string(candidate.type.rawValue),
            "title": .string(candidate.title),
            "description": optional(candidate.description),
            "price_cents": candidate.priceCents.map(JSONValue.int) ?? .null,
            "currency": .string(candidate.currency),
            "external_url": .string(candidate.externalURL),
            "image_url": optional(imageURL(of: candidate, catalog: catalog)),
            "merchant_name": optional(candidate.merchantName),
            "source": .string(candidate.source),
            "location": candidate.location.map(location) ?? .null,
            "interest_score": .double(candidate.interestScore),
            "vibe_score": .double(candidate.vibeScore),
            "love_language_score": .double(candidate.loveLanguageScore),
            "final_score": .double(candidate.finalScore),
        ]
    }

    static func location(_ location: CandidateLocation) -> JSONValue {
        [
            "city": optional(location.city), "state": optional(location.state), "country": optional(location.country),
            "address": optional(location.address),
        ]
    }

    private static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
