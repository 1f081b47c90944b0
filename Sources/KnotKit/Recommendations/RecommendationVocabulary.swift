/// What a recommendation is for: also the budget tier it is priced against.
public enum OccasionType: String, Codable, Sendable, CaseIterable {
    case justBecause = "just_because"
    case minorOccasion = "minor_occasion"
    case majorMilestone = "major_milestone"
}

/// Why the user wants different recommendations (spec §3.1).
public enum RejectionReason: String, Codable, Sendable, CaseIterable {
    case tooExpensive = "too_expensive"
    case tooCheap = "too_cheap"
    case notTheirStyle = "not_their_style"
    case alreadyHaveSimilar = "already_have_similar"
    case showDifferent = "show_different"
}

/// What the user did with a recommendation (spec §3.1); `refreshed` is recorded by the
/// server itself on refresh, and `rated` needs a rating.
public enum FeedbackAction: String, Codable, Sendable, CaseIterable {
    case selected, refreshed, saved, shared, rated, handoff, purchased
}
