import Foundation

/// Stage 1 — hint retrieval (spec §6.2). Hints only feed the Tier-1 search provider.
protocol HintRetriever: Sendable {
    /// At most `MAX_HINTS` relevant hints; failures yield none.
    func relevantHints(for input: PipelineInput, queryText: String) async -> [RankedHint]
}

/// No hints at all (tests, and runs without a database).
struct NoHintRetriever: HintRetriever {
    func relevantHints(for input: PipelineInput, queryText: String) async -> [RankedHint] { [] }
}

extension HintSimilaritySearch: HintRetriever {
    func relevantHints(for input: PipelineInput, queryText: String) async -> [RankedHint] {
        await relevantHints(vaultID: input.vaultID, queryText: queryText)
    }
}

enum HintQuery {
    /// The query text [PROPOSAL wording]: `"{milestone_name} ({milestone_type})"` when there
    /// is a milestone, the occasion label, and `"Interests: "` with the first three
    /// interests, joined by `". "`.
    static func text(for input: PipelineInput) -> String {
        var parts: [String] = []
        if let milestone = input.milestone {
            parts.append("\(milestone.milestoneName) (\(milestone.milestoneType))")
        }
        parts.append(occasionLabel(input.occasionType))
        parts.append("Interests: " + input.interests.prefix(3).joined(separator: ", "))
        return parts.joined(separator: ". ")
    }

    static func occasionLabel(_ occasionType: String) -> String {
        switch occasionType {
        case "just_because": "just because"
        case "minor_occasion": "minor occasion"
        case "major_milestone": "major milestone"
        default: occasionType.replacingOccurrences(of: "_", with: " ")
        }
    }
}
