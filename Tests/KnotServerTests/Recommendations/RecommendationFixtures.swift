import HearthCore
import Synchronization
import KnotRules

@testable import KnotServer

/// Shared inputs for the recommendation tests.
enum RecommendationFixtures {
    /// The spec §5.2 example vault as pipeline input (`just_because` unless told).
    static func exampleInput(occasion: String = "just_because", weights: LearnedWeights? = nil) -> PipelineInput {
        let budgets = [
            PipelineInput.Budget(occasionType: "just_because", minAmount: 2000, maxAmount: 5000),
            PipelineInput.Budget(occasionType: "minor_occasion", minAmount: 5000, maxAmount: 15000),
            PipelineInput.Budget(occasionType: "major_milestone", minAmount: 10000, maxAmount: 50000),
        ]
        return PipelineInput(
            vaultID: "vault-1", partnerName: "Alex",
            interests: ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
            dislikes: ["Sports", "Comedy", "Movies", "Theater", "Dancing"],
            vibes: ["romantic", "minimalist"], primaryLoveLanguage: "quality_time", secondaryLoveLanguage: "receiving_gifts",
            budgets: budgets, location: .init(city: "Austin", state: "TX", country: "US"), occasionType: occasion,
            budgetRange: BudgetRange.resolve(occasionType: occasion, budgets: budgets), weights: weights)
    }

    /// A minimal input for stage tests.
    static func input(
        interests: [String] = [], dislikes: [String] = [], vibes: [String] = [], primary: String = "acts_of_service",
        secondary: String = "words_of_affirmation", budget: BudgetRange = BudgetRange(minAmount: 2000, maxAmount: 5000),
        weights: LearnedWeights? = nil, exclusion: RefreshExclusion? = nil
    ) -> PipelineInput {
        PipelineInput(
            vaultID: "vault-1", partnerName: "Alex", interests: interests, dislikes: dislikes, vibes: vibes,
            primaryLoveLanguage: primary, secondaryLoveLanguage: secondary, occasionType: "just_because", budgetRange: budget,
            weights: weights, exclusion: exclusion)
    }

    static func candidate(
        _ title: String, id: String? = nil, type: RecommendationType = .gift, price: Int64? = 3000, merchant: String? = "Shop",
        description: String? = nil, metadata: JSONValue = .object([:]), url: String? = nil, interest: Double = 0,
        final: Double = 0
    ) -> Candidate {
        Candidate(
            id: id ?? title, source: "amazon", type: type, title: title, description: description, priceCents: price,
            externalURL: url ?? "https://example.com/\(title.replacingOccurrences(of: " ", with: "-"))", merchantName: merchant,
            metadata: metadata, interestScore: interest, finalScore: final)
    }

    /// §13 case 20's catalogue: 3 gifts per interest and 3 experiences per vibe, all
    /// priced 3000, titled `"{interest} {n}"` / `"{vibe} {n}"`.
    static let uniformCatalog: StubCatalog = {
        var gifts: [String: [StubCatalog.GiftEntry]] = [:]
        for interest in KnotVaultRules.interestCategories {
            gifts[interest] = (1...3).map {
                .init(title: "\(interest) \($0)", description: "gift", priceCents: 3000, merchant: "M", source: "amazon")
            }
        }
        var experiences: [String: [StubCatalog.ExperienceEntry]] = [:]
        for vibe in KnotVaultRules.vibes {
            experiences[vibe] = (1...3).map {
                .init(title: "\(vibe) \($0)", description: "outing", priceCents: 3000, merchant: "Y", source: "yelp", recType: .experience)
            }
        }
        return StubCatalog(
            interestGifts: gifts, vibeExperiences: experiences,
            interestImages: Dictionary(uniqueKeysWithValues: KnotVaultRules.interestCategories.map { ($0, "https://img/\($0)") }),
            vibeImages: Dictionary(uniqueKeysWithValues: KnotVaultRules.vibes.map { ($0, "https://img/\($0)") }))
    }()

    static let emptyCatalog = StubCatalog(interestGifts: [:], vibeExperiences: [:], interestImages: [:], vibeImages: [:])
}

/// Tier 1 / Tier 2 returning fixed candidates, or throwing.
struct FixedCandidateSource: CandidateSource {
    struct Failure: Error {}
    var tier1: [Candidate]? = []
    var tier2: [Candidate]? = []

    func searchCandidates(_ request: CandidateRequest) async throws -> [Candidate] {
        guard let tier1 else { throw Failure() }
        return tier1
    }

    func aggregatedCandidates(_ request: CandidateRequest) async throws -> [Candidate] {
        guard let tier2 else { throw Failure() }
        return tier2
    }
}

/// Rejects the given URLs and records every URL it was asked about.
final class RejectingVerifier: URLVerifier {
    let rejected: Set<String>
    private let log = Mutex<[String]>([])

    init(rejecting rejected: Set<String>) { self.rejected = rejected }

    var checked: [String] { log.withLock { $0 } }

    func isAvailable(_ url: String) async -> Bool {
        log.withLock { $0.append(url) }
        return !rejected.contains(url)
    }
}

func approximatelyEqual(_ lhs: Double, _ rhs: Double) -> Bool { abs(lhs - rhs) < 1e-9 }
