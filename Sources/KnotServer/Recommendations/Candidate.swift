import HearthCore
import Synchronization

/// What a recommendation is (spec §3.1 "Recommendation type").
enum RecommendationType: String, Sendable, Hashable, CaseIterable {
    case gift, experience, date
}

/// A place attached to an experience or date (spec §6.1 / §6.9).
struct CandidateLocation: Sendable, Hashable {
    var city: String?
    var state: String?
    var country: String?
    var address: String?
}

/// One recommendation candidate as it moves through the pipeline (spec §6.1).
///
/// Stages never mutate their inputs; they return updated copies.
struct Candidate: Sendable, Hashable {
    /// The eight candidate sources (spec §3.1).
    static let sources = ["yelp", "ticketmaster", "amazon", "shopify", "firecrawl", "opentable", "resy", "claude_search"]

    var id: String
    var source: String
    var type: RecommendationType
    var title: String
    var description: String?
    var priceCents: Int64?
    var currency: String = "USD"
    var externalURL: String
    var imageURL: String?
    var merchantName: String?
    var location: CandidateLocation?
    /// Always a JSON object; keys used by the pipeline: `matched_interest`, `matched_vibe`, `catalog`.
    var metadata: JSONValue = .object([:])
    var interestScore: Double = 0
    var vibeScore: Double = 0
    var loveLanguageScore: Double = 0
    var finalScore: Double = 0

    var matchedInterest: String? { metadata["matched_interest"]?.stringValue }
    var matchedVibe: String? { metadata["matched_vibe"]?.stringValue }
}

/// Makes candidate ids; injected so tests can pin them (spec §6.1: unique per run).
typealias CandidateIDGenerator = @Sendable () -> String

enum CandidateIDs {
    /// Random lowercase UUIDs, the production generator.
    static let random: CandidateIDGenerator = { KnotID.make() }

    /// `prefix-1`, `prefix-2`, … — for tests.
    static func sequential(prefix: String = "c") -> CandidateIDGenerator {
        let counter = Mutex(0)
        return {
            let value = counter.withLock { value in
                value += 1
                return value
            }
            return "\(prefix)-\(value)"
        }
    }
}
