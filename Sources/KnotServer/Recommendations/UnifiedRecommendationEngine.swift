import HearthCore

/// The optional engine of spec §6.11 (`RECOMMENDER=unified`): hint retrieval, one LLM call
/// for exactly three ideas (two more tries when the answer is malformed), a link for each
/// (a product: the first web result for its search query that passes the verifier; an
/// idea: a web search for its title) and Stage 6 without a replacement pool.
///
/// Results carry `source = "claude_search"`, the extra fields in `metadata`, and the
/// Stage 3–4 scores for information only. A refresh applies the §6.10 exclusions to the
/// three, so a rejected title never comes back.
struct UnifiedRecommendationEngine: RecommendationEngine {
    static let maxRetries = 2
    /// Search results tried per product, so one idea cannot spend the whole budget.
    static let resultsTriedPerProduct = 3
    static let noIdeasError = "The recommendation model gave no usable ideas"

    let hints: any HintRetriever
    let http: IntegrationHTTP
    let settings: IntegrationSettings
    let verifier: any URLVerifier
    let catalog: StubCatalog
    var makeID: CandidateIDGenerator = CandidateIDs.random

    func run(_ input: PipelineInput) async -> PipelineOutput {
        let hints = await self.hints.relevantHints(for: input, queryText: HintQuery.text(for: input))
        guard let ideas = await askForIdeas(input, hints: hints.map(\.hint.hintText)) else {
            return PipelineOutput(final: [], pool: [], hints: hints, error: Self.noIdeasError)
        }
        var candidates: [Candidate] = []
        var verified = Set<String>()
        for idea in ideas {
            guard let link = await link(for: idea) else { continue }
            if link.verified { verified.insert(link.url) }
            candidates.append(scored(candidate(idea, url: link.url, input: input), input: input))
        }
        if let exclusion = input.exclusion {
            candidates = exclusion.apply(to: candidates, budget: input.budgetRange)
        }
        // Links a search result already passed are not checked twice.
        let final = await URLVerification.run(
            selected: candidates, pool: [], verifier: SkippingVerifier(passed: verified, verifier: verifier))
        return PipelineOutput(final: final, pool: candidates, hints: hints, error: nil)
    }

    /// The model's three ideas, asking up to three times; `nil` when no answer was usable.
    func askForIdeas(_ input: PipelineInput, hints: [String]) async -> [UnifiedIdeaPrompt.Idea]? {
        guard let key = settings.anthropicAPIKey else { return nil }
        var base = settings.anthropicBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        let request = UnifiedIdeaPrompt.request(baseURL: base, apiKey: key, model: settings.llmModel, input: input, hints: hints)
        for _ in 0...Self.maxRetries {
            // No answer at all (the call's own retries spent) ends it; a malformed one is asked again.
            guard let answer = await http.json(request, service: "anthropic") else { return nil }
            if let ideas = UnifiedIdeaPrompt.ideas(in: answer) { return ideas }
        }
        return nil
    }

    /// A product's first search result that the verifier accepts (a web search page for
    /// the query when web search is not configured); an idea's web search for its title.
    func link(for idea: UnifiedIdeaPrompt.Idea) async -> (url: String, verified: Bool)? {
        guard let query = idea.searchQuery else { return (Self.webSearchURL(idea.title), false) }
        guard let braveKey = settings.braveSearchAPIKey else { return (Self.webSearchURL(query), false) }
        let search = WebSearchCandidateSource(http: http, settings: settings)
        let results = await search.search(query, key: braveKey).prefix(Self.resultsTriedPerProduct)
        for result in results where await verifier.isAvailable(result.url) {
            return (result.url, true)
        }
        return nil
    }

    static func webSearchURL(_ text: String) -> String {
        "https://www.google.com/search?q=" + CandidateAggregation.percentEncoded(text)
    }

    func candidate(_ idea: UnifiedIdeaPrompt.Idea, url: String, input: PipelineInput) -> Candidate {
        var metadata: [String: JSONValue] = ["engine": "unified"]
        if let note = idea.personalizationNote { metadata["personalization_note"] = .string(note) }
        if let query = idea.searchQuery { metadata["search_query"] = .string(query) }
        if let sections = idea.contentSections { metadata["content_sections"] = sections }
        let location: CandidateLocation? =
            idea.type != .gift && input.location.isSet
            ? CandidateLocation(city: input.location.city, state: input.location.state, country: input.location.country, address: nil)
            : nil
        return Candidate(
            id: makeID(), source: WebSearchCandidateSource.sourceName, type: idea.type, title: idea.title, description: idea.description,
            priceCents: idea.priceCents, currency: input.budgetRange.currency, externalURL: url, imageURL: nil, merchantName: nil,
            location: location, metadata: .object(metadata))
    }

    /// The Stage 3–4 scores, for information: nothing is filtered or reordered by them.
    func scored(_ candidate: Candidate, input: PipelineInput) -> Candidate {
        var copy = candidate
        copy.interestScore =
            InterestFiltering.score(candidate, interests: input.interests, dislikes: input.dislikes, weights: input.weights) ?? 0
        copy.vibeScore = BoostScoring.vibeBoost(candidate, vibes: input.vibes, weights: input.weights)
        copy.loveLanguageScore = BoostScoring.loveLanguageBoost(
            candidate, primary: input.primaryLoveLanguage, secondary: input.secondaryLoveLanguage, weights: input.weights)
        copy.finalScore = BoostScoring.finalScore(
            interestScore: copy.interestScore, vibeBoost: copy.vibeScore, loveLanguageBoost: copy.loveLanguageScore,
            typeWeight: input.weights.type(candidate.type))
        return copy
    }
}

/// Accepts the links already checked, asks `verifier` about the rest.
private struct SkippingVerifier: URLVerifier {
    let passed: Set<String>
    let verifier: any URLVerifier

    func isAvailable(_ url: String) async -> Bool {
        passed.contains(url) ? true : await verifier.isAvailable(url)
    }
}
