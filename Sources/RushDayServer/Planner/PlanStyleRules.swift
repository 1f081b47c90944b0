/// Style selection (§5.3): keyword rules first, then venue, custom type and variant defaults.

public struct StyleDecision: Sendable, Hashable {
    public var style: PlanStyleKind
    /// Whether a keyword decided the style (match score +6).
    public var fromKeyword: Bool
}

public enum PlanStyleRules {
    /// Keyword sets, checked in this order.
    public static let keywordRules: [(PlanStyleKind, Set<String>)] = [
        (.luxury, ["luxury", "luxurious", "glam", "glamorous", "elegant", "opulent"]),
        (.natural, ["rustic", "garden", "boho", "natural", "nature", "outdoor", "botanical"]),
        (.modern, ["modern", "minimal", "minimalist", "sleek", "contemporary", "industrial"]),
        (.classic, ["classic", "traditional", "vintage", "timeless", "formal"]),
    ]

    /// The first rule that applies.
    public static func style(for request: PlanRequest, variant: PlanVariant) -> StyleDecision {
        for (style, words) in keywordRules where !request.keywords.isDisjoint(with: words) {
            return StyleDecision(style: style, fromKeyword: true)
        }
        if request.venue == .outdoorSpace { return StyleDecision(style: .natural, fromKeyword: false) }
        if request.kind == .other && !request.customEventType.isEmpty {
            return StyleDecision(style: .custom, fromKeyword: false)
        }
        let style: PlanStyleKind = switch variant {
        case .budget: .modern
        case .balanced: .classic
        case .premium: .luxury
        }
        return StyleDecision(style: style, fromKeyword: false)
    }
}
