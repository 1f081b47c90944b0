import Foundation
import HearthCore

/// What Tier 1 and Tier 2 get to search with (spec §6.3).
struct CandidateRequest: Sendable {
    var input: PipelineInput
    var hints: [RankedHint]
    /// Sources use it for their candidates' ids, so a run's ids come from one generator.
    var makeID: CandidateIDGenerator
}

/// Tiers 1 and 2 of Stage 2: the LLM search provider and the six-service aggregator
/// (spec §6.3, §10). Both default to "no candidates"; the real integrations come later.
/// A thrown error counts as no candidates (e.g. `AggregationError` when all six fail).
protocol CandidateSource: Sendable {
    /// Tier 1 (`source = "claude_search"`, ≤ 20 candidates).
    func searchCandidates(_ request: CandidateRequest) async throws -> [Candidate]
    /// Tier 2, asked only when Tier 1 produced nothing.
    func aggregatedCandidates(_ request: CandidateRequest) async throws -> [Candidate]
}

extension CandidateSource {
    func searchCandidates(_ request: CandidateRequest) async throws -> [Candidate] { [] }
    func aggregatedCandidates(_ request: CandidateRequest) async throws -> [Candidate] { [] }
}

/// No integrations configured: only the stub catalogue feeds the pipeline.
struct NoCandidateSource: CandidateSource {}

/// Stage 2 — aggregation (spec §6.3).
struct CandidateAggregation: Sendable {
    /// `TARGET_CANDIDATE_COUNT` [FACT].
    static let targetCount = 20
    /// [FACT]
    static let noCandidatesError = "No candidates found matching budget and criteria"

    var source: any CandidateSource
    var catalog: StubCatalog
    var makeID: CandidateIDGenerator

    /// The budget-filtered, truncated candidates (possibly empty: the caller reports the error).
    func run(_ input: PipelineInput, hints: [RankedHint]) async -> [Candidate] {
        let request = CandidateRequest(input: input, hints: hints, makeID: makeID)
        var collected = (try? await source.searchCandidates(request)) ?? []
        if collected.isEmpty {
            collected = (try? await source.aggregatedCandidates(request)) ?? []
        }
        if collected.count < Self.targetCount {
            collected = appendingStubs(to: collected, input: input)
        }
        return Array(input.budgetRange.filter(collected).prefix(Self.targetCount))
    }

    /// Tier 3: stubs in interleaved order, skipping titles already present, until the
    /// total reaches the target. Ids are drawn only for the stubs actually appended.
    func appendingStubs(to candidates: [Candidate], input: PipelineInput) -> [Candidate] {
        var result = candidates
        var titles = Set(candidates.map { TextMatch.norm($0.title) })
        for var stub in stubCandidates(for: input) {
            guard result.count < Self.targetCount else { break }
            guard titles.insert(TextMatch.norm(stub.title)).inserted else { continue }
            stub.id = makeID()
            result.append(stub)
        }
        return result
    }

    /// The stub gifts (vault interests in order) and experiences (vault vibes in order),
    /// each list budget-filtered, then interleaved g1, e1, g2, e2, … and the rest of the
    /// longer list. Ids are left empty.
    func stubCandidates(for input: PipelineInput) -> [Candidate] {
        let currency = input.budgetRange.currency
        let gifts = input.interests.flatMap { interest in
            (catalog.interestGifts[interest] ?? []).map { entry in
                Candidate(
                    id: "", source: entry.source, type: .gift, title: entry.title, description: entry.description,
                    priceCents: entry.priceCents, currency: currency,
                    externalURL: entry.url ?? Self.searchURL(source: entry.source, merchant: entry.merchant, title: entry.title),
                    imageURL: catalog.interestImages[interest], merchantName: entry.merchant, location: nil,
                    metadata: ["matched_interest": .string(interest), "catalog": "stub"])
            }
        }
        let location = input.location.isSet
            ? CandidateLocation(city: input.location.city, state: input.location.state, country: input.location.country, address: nil)
            : nil
        let experiences = input.vibes.flatMap { vibe in
            (catalog.vibeExperiences[vibe] ?? []).map { entry in
                Candidate(
                    id: "", source: entry.source, type: entry.recType, title: entry.title, description: entry.description,
                    priceCents: entry.priceCents, currency: currency,
                    externalURL: entry.url ?? Self.searchURL(source: entry.source, merchant: entry.merchant, title: entry.title),
                    imageURL: catalog.vibeImages[vibe], merchantName: entry.merchant, location: location,
                    metadata: ["matched_vibe": .string(vibe), "catalog": "stub"])
            }
        }
        return Self.interleave(input.budgetRange.filter(gifts), input.budgetRange.filter(experiences))
    }

    static func interleave<Element>(_ first: [Element], _ second: [Element]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(first.count + second.count)
        for index in 0..<max(first.count, second.count) {
            if index < first.count { result.append(first[index]) }
            if index < second.count { result.append(second[index]) }
        }
        return result
    }

    /// The search URL of an entry without one [PROPOSAL]: Amazon's search for `amazon`,
    /// Google's otherwise, for `"{merchant} {title}"` percent-encoded.
    static func searchURL(source: String, merchant: String, title: String) -> String {
        let query = percentEncoded("\(merchant) \(title)")
        return source == "amazon" ? "https://www.amazon.com/s?k=\(query)" : "https://www.google.com/search?q=\(query)"
    }

    /// Percent-encodes everything except RFC 3986 unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
