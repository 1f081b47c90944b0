import Foundation
import HearthCore

/// The LLM half of Tier 1 (spec §10.1): one Anthropic Messages call per set of web
/// results, asking for gift and outing ideas as a JSON array, and a defensive reading of
/// the answer — any text around the array, Markdown fences, missing or mistyped fields;
/// anything that is not an array of objects gives no candidates.
enum LLMCandidateExtraction {
    static let anthropicVersion = "2023-06-01"
    static let maxTokens: Int64 = 2048
    /// [PROPOSAL] ideas asked for per result set.
    static let maxIdeasPerSearch = 8
    /// [PROPOSAL] the best hints shown to the model, each cut to this many characters.
    static let maxHints = 3
    static let maxHintLength = 200

    /// One web result, as shown to the model.
    struct SearchResult: Sendable, Hashable {
        var title: String
        var url: String
        var description: String
    }

    /// The `POST {base}/v1/messages` call.
    static func request(
        baseURL: String, apiKey: String, model: String, query: String, results: [SearchResult], input: PipelineInput,
        hints: [String] = []
    ) -> IntegrationHTTP.Request {
        let prompt = userPrompt(query: query, results: results, input: input, hints: hints)
        let body: JSONValue = [
            "model": .string(model),
            "max_tokens": .int(maxTokens),
            "system": .string(systemPrompt),
            "messages": [["role": "user", "content": .string(prompt)]],
        ]
        return .postJSON(
            baseURL + "/v1/messages", body, headers: [("x-api-key", apiKey), ("anthropic-version", anthropicVersion)])
    }

    /// [PROPOSAL] prompt wording (also ``userPrompt(query:results:input:hints:)``); the
    /// original's prompts are not disclosed.
    static let systemPrompt = """
        You pick concrete gift and date ideas for someone planning something for their partner. \
        You only use the web search results you are given. \
        Answer with a JSON array and nothing else.
        """

    static func userPrompt(query: String, results: [SearchResult], input: PipelineInput, hints: [String] = []) -> String {
        let budget = input.budgetRange
        var lines = [
            "Partner's interests: \(input.interests.joined(separator: ", "))",
            "Partner's dislikes (avoid): \(input.dislikes.joined(separator: ", "))",
            "Vibes: \(input.vibes.joined(separator: ", "))",
            "Budget: \(budget.minAmount)–\(budget.maxAmount) cents (\(budget.currency))",
            "Occasion: \(SearchQueryBuilder.occasionPhrase(input.occasionType))",
        ]
        if let place = SearchQueryBuilder.place(input.location) { lines.append("Location: \(place)") }
        if let milestone = input.milestone { lines.append("Milestone: \(milestone.milestoneName) (\(milestone.milestoneType))") }
        let noted = hints.prefix(maxHints).map { String($0.prefix(maxHintLength)) }
        if !noted.isEmpty { lines.append("Things the partner mentioned: " + noted.joined(separator: " | ")) }
        lines.append("")
        lines.append("Web search results for \"\(query)\":")
        for (index, result) in results.enumerated() {
            lines.append("\(index + 1). \(result.title)\n   URL: \(result.url)\n   \(result.description)")
        }
        lines.append("")
        lines.append("""
            From these results, list up to \(maxIdeasPerSearch) specific products, experiences or dates that fit \
            the partner. Return a JSON array of objects with the keys: "title" (string), "description" (string, \
            at most 300 characters), "price_cents" (integer or null if unknown), "url" (the page's URL, taken \
            from the results), "type" ("gift", "experience" or "date"), "merchant_name" (string or null), \
            "image_url" (string or null), "matched_interest" (one of the interests above, or null), \
            "matched_vibe" (one of the vibes above, or null).
            """)
        return lines.joined(separator: "\n")
    }

    /// The text blocks of a Messages answer, joined.
    static func text(of answer: JSONValue) -> String {
        (answer["content"]?.arrayValue ?? [])
            .filter { $0["type"]?.stringValue == "text" }
            .compactMap { $0["text"]?.stringValue }
            .joined(separator: "\n")
    }

    /// The JSON array in `text`: from its first `[` to its last `]`, so Markdown fences and
    /// a sentence before or after do not matter. `nil` when there is none or it is not an
    /// array.
    static func array(in text: String) -> [JSONValue]? {
        guard let start = text.firstIndex(of: "["), let end = text.lastIndex(of: "]"), start < end else { return nil }
        let slice = Array(text[start...end].utf8)
        guard let value = try? JSONParser(limits: IntegrationHTTP.parseLimits).parse(slice) else { return nil }
        return value.arrayValue
    }

    /// The candidates of one answer (ids left empty, `source = "claude_search"`).
    static func candidates(from answer: JSONValue, query: String, input: PipelineInput) -> [Candidate] {
        (array(in: text(of: answer)) ?? []).compactMap { candidate(from: $0, query: query, input: input) }
    }

    /// One idea; `nil` without a title or an http(s) URL.
    static func candidate(from idea: JSONValue, query: String, input: PipelineInput) -> Candidate? {
        guard idea.objectValue != nil,
            let title = nonEmpty(idea["title"]), let url = nonEmpty(idea["url"]),
            isWebURL(url)
        else { return nil }
        let type = idea["type"]?.stringValue.flatMap { RecommendationType(rawValue: $0.lowercased()) } ?? .gift
        var metadata: [String: JSONValue] = ["search_query": .string(query)]
        if let interest = nonEmpty(idea["matched_interest"]), input.interests.contains(interest) {
            metadata["matched_interest"] = .string(interest)
        }
        if let vibe = nonEmpty(idea["matched_vibe"]), input.vibes.contains(vibe) {
            metadata["matched_vibe"] = .string(vibe)
        }
        let location: CandidateLocation? =
            type != .gift && input.location.isSet
            ? CandidateLocation(city: input.location.city, state: input.location.state, country: input.location.country, address: nil)
            : nil
        let image = nonEmpty(idea["image_url"]).flatMap { isWebURL($0) ? $0 : nil }
        return Candidate(
            id: "", source: WebSearchCandidateSource.sourceName, type: type, title: String(title.prefix(200)),
            description: ProductNormalisation.description(idea["description"]?.stringValue),
            priceCents: priceCents(idea["price_cents"]),
            currency: input.budgetRange.currency, externalURL: url, imageURL: image, merchantName: nonEmpty(idea["merchant_name"]),
            location: location, metadata: .object(metadata))
    }

    /// Whole cents as a number (rounded) or a numeric string; negative or absurd → `nil`.
    static func priceCents(_ value: JSONValue?) -> Int64? {
        let number = value?.doubleValue ?? value?.stringValue.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard let number, number.isFinite, number >= 0, number <= Double(ProductNormalisation.maxCents) else { return nil }
        return Int64(number.rounded())
    }

    /// An absolute http(s) URL without spaces (the model's output is not trusted to be one).
    static func isWebURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && !text.contains { $0.isWhitespace }
    }

    private static func nonEmpty(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
