import HearthCore

/// Builds the plans of a normalised request (§5.3). Pure: ids come from `makeID`.
public enum PlanBuilder {
    /// All requested variants, in output order.
    public static func plans(for request: PlanRequest, makeID: () -> String) -> [GeneratedPlan] {
        request.variants.map { plan(for: request, variant: $0, id: makeID()) }
    }

    /// The match score of §5.3, capped at 98.
    public static func matchScore(request: PlanRequest, variant: PlanVariant, styleFromKeyword: Bool) -> Int {
        var score = 72
        if PlanCostModel.variantMatchesTier(variant, request: request) { score += 10 }
        if styleFromKeyword { score += 6 }
        if request.venue != .unspecified { score += 4 }
        if !request.services.isEmpty { score += 4 }
        if variant == .balanced { score += 3 }
        return min(score, 98)
    }

    public static func plan(for request: PlanRequest, variant: PlanVariant, id: String) -> GeneratedPlan {
        let budget = PlanCostModel.estimate(total: PlanCostModel.totalCost(for: request, variant: variant), currency: request.currency)
        let shares = PlanAllocation.shares(kind: request.kind, venue: request.venue, services: request.services)
        let allocation = PlanAllocation.split(budget.midpoint, over: shares)
        let style = PlanStyleRules.style(for: request, variant: variant)
        let title = PlanCopy.title(variant: variant, style: style.style, typeNoun: request.typeNoun)
        let vendors = allocation.filter { $0.category != .miscellaneous }.enumerated().map { index, item in
            PlanVendor(
                id: "\(id)-v\(index + 1)", name: "Suggested \(item.category.label) provider",
                category: item.category.key, estimatedCost: item.amount, imageURL: ""
            )
        }
        let agenda = AgendaTemplates.items(for: request.kind).enumerated().map { index, item in
            PlanAgendaItem(
                id: "\(id)-a\(index + 1)", title: item.title, description: AgendaDescriptions.description(for: item.title),
                startTime: request.startDate.map { $0.adding(seconds: Int64(item.offsetMinutes) * 60) },
                durationMinutes: item.durationMinutes, offsetMinutes: item.offsetMinutes
            )
        }
        let candidates = PlanTasks.candidates(kind: request.kind, venue: request.venue, services: request.services)
        let tasks = PlanTasks.select(candidates, limit: PlanTasks.limit(for: variant)).enumerated().map { index, task in
            PlanTask(
                id: "\(id)-t\(index + 1)", title: task.title, description: task.description,
                daysBeforeEvent: task.daysBeforeEvent, priority: task.priority.rawValue, category: task.category
            )
        }
        return GeneratedPlan(
            id: id, variant: variant, style: style.style, title: title,
            description: PlanCopy.description(
                title: title, guestCount: request.guestCount, venueName: request.venueName, variant: variant),
            matchScore: matchScore(request: request, variant: variant, styleFromKeyword: style.fromKeyword),
            budget: budget, allocation: allocation,
            highlights: PlanCopy.highlights(
                style: style.style, guestCount: request.guestCount,
                biggest: PlanAllocation.largestCategory(allocation), variant: variant),
            venueDescription: PlanCopy.venueDescription(venue: request.venue, variant: variant, venueName: request.venueName),
            cateringDescription: PlanCopy.cateringDescription(guestCount: request.guestCount, variant: variant),
            entertainmentDescription: PlanCopy.entertainmentDescription(kind: request.kind, variant: variant),
            vendors: vendors, agenda: agenda, tasks: tasks
        )
    }
}
