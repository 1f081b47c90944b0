/// Every Tier 2 service failed: each one threw (spec §6.3, §10.2). Stage 2 treats it as
/// "no candidates".
struct AggregationError: Error, Sendable, CustomStringConvertible {
    /// `(source, error description)` of each failed provider, in provider order.
    var failures: [(source: String, error: String)]

    var description: String {
        "all \(failures.count) candidate providers failed: "
            + failures.map { "\($0.source): \($0.error)" }.joined(separator: "; ")
    }
}

/// Tier 2 of Stage 2 (spec §10.2, Aggregator): asks every provider at once and merges their
/// candidates.
///
/// Order: the providers' results in the order the providers were given, each in its own
/// order. Duplicates — same normalised merchant and city; candidates without a merchant
/// are never duplicates — keep one candidate: the one with the higher `SOURCE_PRIORITY`,
/// on a tie the first seen. A later winner takes the slot of the first-seen one.
///
/// Only thrown errors count as failures (a provider answering `[]` succeeded); when every
/// provider threw, it throws ``AggregationError``. No providers at all is no candidates.
struct CandidateAggregator: Sendable {
    /// `SOURCE_PRIORITY` [FACT]; an unknown source ranks 0.
    static let sourcePriority: [String: Int] = [
        "claude_search": 6, "opentable": 5, "resy": 5, "firecrawl": 4, "yelp": 3, "ticketmaster": 2, "amazon": 1, "shopify": 1,
    ]

    let providers: [any CandidateProvider]

    init(providers: [any CandidateProvider]) {
        self.providers = providers
    }

    func candidates(for request: CandidateRequest) async throws(AggregationError) -> [Candidate] {
        let outcomes = await ConcurrentWork.inOrder(providers) { provider -> Result<[Candidate], any Error> in
            do {
                return .success(try await provider.candidates(for: request))
            } catch {
                return .failure(error)
            }
        }
        var merged: [Candidate] = []
        var failures: [(source: String, error: String)] = []
        for (provider, outcome) in zip(providers, outcomes) {
            switch outcome {
            case .success(let candidates): merged += candidates
            case .failure(let error): failures.append((provider.source, String(describing: error)))
            }
        }
        if !providers.isEmpty, failures.count == providers.count { throw AggregationError(failures: failures) }
        return Self.deduplicated(merged)
    }

    /// `norm(merchant_name) + "|" + norm(city)`, or `nil` (never a duplicate) without a merchant.
    static func dedupKey(_ candidate: Candidate) -> String? {
        let merchant = TextMatch.norm(candidate.merchantName ?? "")
        guard !merchant.isEmpty else { return nil }
        return merchant + "|" + TextMatch.norm(candidate.location?.city ?? "")
    }

    static func deduplicated(_ candidates: [Candidate]) -> [Candidate] {
        var result: [Candidate] = []
        var slots: [String: Int] = [:]
        for candidate in candidates {
            guard let key = dedupKey(candidate) else {
                result.append(candidate)
                continue
            }
            if let slot = slots[key] {
                if priority(candidate) > priority(result[slot]) { result[slot] = candidate }
            } else {
                slots[key] = result.count
                result.append(candidate)
            }
        }
        return result
    }

    static func priority(_ candidate: Candidate) -> Int { sourcePriority[candidate.source] ?? 0 }
}
