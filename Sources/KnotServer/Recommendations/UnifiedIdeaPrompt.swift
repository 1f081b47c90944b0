import Foundation
import HearthCore

/// The single LLM call of the unified engine (spec §6.11 step 2): exactly three ideas
/// mixing purchasable products (with a `search_query`) and personalised ideas (with
/// `content_sections`), read defensively.
enum UnifiedIdeaPrompt {
    static let ideaCount = 3
    static let maxTokens: Int64 = 2048

    /// One idea as the model gave it, checked.
    struct Idea: Sendable, Hashable {
        var title: String
        var description: String?
        var type: RecommendationType
        var priceCents: Int64?
        var personalizationNote: String?
        /// Products: what to search the web for.
        var searchQuery: String?
        /// Ideas: the plan's sections, kept in `metadata`.
        var contentSections: JSONValue?
    }

    /// [PROPOSAL] wording; the original's prompt is not disclosed.
    static let systemPrompt = """
        You suggest gifts, experiences and dates for someone planning something for their partner. \
        Answer with a JSON array of exactly three objects and nothing else.
        """

    static func request(baseURL: String, apiKey: String, model: String, input: PipelineInput, hints: [String]) -> IntegrationHTTP.Request {
        let body: JSONValue = [
            "model": .string(model), "max_tokens": .int(maxTokens), "system": .string(systemPrompt),
            "messages": [["role": "user", "content": .string(userPrompt(input: input, hints: hints))]],
        ]
        return .postJSON(
            baseURL + "/v1/messages", body,
            headers: [("x-api-key", apiKey), ("anthropic-version", LLMCandidateExtraction.anthropicVersion)])
    }

    static func userPrompt(input: PipelineInput, hints: [String]) -> String {
        let budget = input.budgetRange
        var lines = [
            "Partner: \(input.partnerName)",
            "Interests: \(input.interests.joined(separator: ", "))",
            "Dislikes (avoid): \(input.dislikes.joined(separator: ", "))",
            "Vibes: \(input.vibes.joined(separator: ", "))",
            "Love languages: \(input.primaryLoveLanguage), then \(input.secondaryLoveLanguage)",
            "Budget: \(budget.minAmount)–\(budget.maxAmount) cents (\(budget.currency))",
            "Occasion: \(SearchQueryBuilder.occasionPhrase(input.occasionType))",
        ]
        if let place = SearchQueryBuilder.place(input.location) { lines.append("Location: \(place)") }
        if let milestone = input.milestone { lines.append("Milestone: \(milestone.milestoneName) (\(milestone.milestoneType))") }
        let noted = hints.prefix(LLMCandidateExtraction.maxHints).map { String($0.prefix(LLMCandidateExtraction.maxHintLength)) }
        if !noted.isEmpty { lines.append("Things the partner mentioned: " + noted.joined(separator: " | ")) }
        lines.append("")
        lines.append("""
            Give exactly three ideas, mixing products to buy and personal ideas. Each object has "title", \
            "description" (at most 300 characters), "recommendation_type" ("gift", "experience" or "date"), \
            "price_cents" (integer or null), "personalization_note" (why it fits them), and either \
            "search_query" (for a product: what to search the web for) or "content_sections" (for an idea: an \
            array of {"heading", "body"}).
            """)
        return lines.joined(separator: "\n")
    }

    /// The three ideas of an answer, or `nil` when it is not exactly three usable ones.
    static func ideas(in answer: JSONValue) -> [Idea]? {
        guard let array = LLMCandidateExtraction.array(in: LLMCandidateExtraction.text(of: answer)) else { return nil }
        let ideas = array.compactMap(idea)
        return ideas.count == ideaCount && array.count == ideaCount ? ideas : nil
    }

    static func idea(_ value: JSONValue) -> Idea? {
        guard value.objectValue != nil, let title = text(value["title"]) else { return nil }
        let query = text(value["search_query"])
        let sections = value["content_sections"].flatMap { $0.arrayValue == nil ? nil : $0 }
        guard query != nil || sections != nil else { return nil }
        let type = value["recommendation_type"]?.stringValue.flatMap { RecommendationType(rawValue: $0.lowercased()) } ?? .gift
        return Idea(
            title: String(title.prefix(200)), description: ProductNormalisation.description(value["description"]?.stringValue), type: type,
            priceCents: LLMCandidateExtraction.priceCents(value["price_cents"]),
            personalizationNote: text(value["personalization_note"]).map { String($0.prefix(500)) }, searchQuery: query,
            contentSections: sections)
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
