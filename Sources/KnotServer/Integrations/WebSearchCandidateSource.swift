import Foundation
import HearthCore

/// Tier 1 of Stage 2, the LLM search provider (spec §6.3, §10.1): 3–5 Brave web searches
/// run in parallel, then one Anthropic extraction per result set, also in parallel; the
/// ideas become candidates with `source = "claude_search"`, deduplicated by URL, at most 20.
///
/// Both the Brave and the Anthropic key are required, else `[]` without a request. A
/// failed search or extraction only loses its own share.
struct WebSearchCandidateSource: CandidateProvider {
    static let sourceName = "claude_search"
    /// Spec §6.3 step 1.
    static let maxCandidates = 20
    static let resultsPerSearch = 10

    let source = Self.sourceName
    let http: IntegrationHTTP
    let braveKey: String?
    let braveBaseURL: String
    let anthropicKey: String?
    let anthropicBaseURL: String
    let model: String

    init(http: IntegrationHTTP, settings: IntegrationSettings) {
        self.http = http
        braveKey = settings.braveSearchAPIKey.flatMap { $0.isEmpty ? nil : $0 }
        braveBaseURL = Self.trimmingSlashes(settings.braveBaseURL)
        anthropicKey = settings.anthropicAPIKey.flatMap { $0.isEmpty ? nil : $0 }
        anthropicBaseURL = Self.trimmingSlashes(settings.anthropicBaseURL)
        model = settings.llmModel
    }

    var isConfigured: Bool { braveKey != nil && anthropicKey != nil }

    func candidates(for request: CandidateRequest) async -> [Candidate] {
        guard let braveKey, let anthropicKey else { return [] }
        let queries = SearchQueryBuilder.queries(for: request)
        let searches = await ConcurrentWork.inOrder(queries) { query in await self.search(query, key: braveKey) }
        let work = zip(queries, searches).filter { !$0.1.isEmpty }
        let extracted = await ConcurrentWork.inOrder(work) { search in
            await self.extract(query: search.0, results: search.1, key: anthropicKey, request: request)
        }
        var seen = Set<String>()
        var result: [Candidate] = []
        for var candidate in extracted.joined() {
            guard result.count < Self.maxCandidates else { break }
            guard seen.insert(Self.dedupKey(candidate.externalURL)).inserted else { continue }
            candidate.id = request.makeID()
            result.append(candidate)
        }
        return result
    }

    /// `GET {brave}/res/v1/web/search?q=…&count=10`; `[]` when the search failed.
    func search(_ query: String, key: String) async -> [LLMCandidateExtraction.SearchResult] {
        let url = "\(braveBaseURL)/res/v1/web/search?q=\(CandidateAggregation.percentEncoded(query))&count=\(Self.resultsPerSearch)"
        // Brave documents X-Subscription-Token; the original sent a Bearer token (spec
        // §10.1 [UNSURE]), so both carry the key.
        let call = IntegrationHTTP.Request(url: url, headers: [("X-Subscription-Token", key), ("Authorization", "Bearer \(key)")])
        guard let answer = await http.json(call, service: "brave_search") else { return [] }
        return (answer["web"]?["results"]?.arrayValue ?? []).compactMap { result in
            guard let title = result["title"]?.stringValue, let url = result["url"]?.stringValue else { return nil }
            return .init(title: title, url: url, description: result["description"]?.stringValue ?? "")
        }
    }

    func extract(
        query: String, results: [LLMCandidateExtraction.SearchResult], key: String, request: CandidateRequest
    ) async -> [Candidate] {
        let call = LLMCandidateExtraction.request(
            baseURL: anthropicBaseURL, apiKey: key, model: model, query: query, results: results, input: request.input,
            hints: request.hints.map(\.hint.hintText))
        guard let answer = await http.json(call, service: "anthropic") else { return [] }
        return LLMCandidateExtraction.candidates(from: answer, query: query, input: request.input)
    }

    /// URLs compared without a trailing `/` and with the scheme and host lowercased.
    static func dedupKey(_ url: String) -> String {
        var key = url.trimmingCharacters(in: [" "])
        while key.hasSuffix("/") { key.removeLast() }
        guard let schemeEnd = key.range(of: "://") else { return key }
        let afterScheme = key[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        return key[..<hostEnd].lowercased() + key[hostEnd...]
    }

    private static func trimmingSlashes(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
