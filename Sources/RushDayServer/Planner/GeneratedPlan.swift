import HearthCore

/// A suggested task of a plan.
public struct PlanTask: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var description: String
    public var daysBeforeEvent: Int
    public var priority: String
    public var category: String
}

/// A suggested agenda item of a plan; ``startTime`` is nil without a start date.
public struct PlanAgendaItem: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var description: String
    public var startTime: Timestamp?
    public var durationMinutes: Int
    /// Minutes after the event start (template offset), used to re-anchor the agenda.
    public var offsetMinutes: Int
}

/// A generic vendor suggestion (no real businesses are invented).
public struct PlanVendor: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var category: String
    public var estimatedCost: Int64
    public var imageURL: String
}

/// One full plan (`EventPlan`). A summary is the same plan with the `suggested_*` lists
/// filtered by the request's include flags (see ``PlannerProtoMapping``).
public struct GeneratedPlan: Sendable, Hashable, Codable {
    public var id: String
    public var variant: PlanVariant
    public var style: PlanStyleKind
    public var title: String
    public var description: String
    public var matchScore: Int
    public var budget: PlanBudgetEstimate
    /// The allocation of M (sums to `budget.midpoint`); used for vendors, expenses and
    /// `CreateEventFromPlan` budgets.
    public var allocation: [AllocationItem]
    public var highlights: [String]
    public var venueDescription: String
    public var cateringDescription: String
    public var entertainmentDescription: String
    public var vendors: [PlanVendor]
    public var agenda: [PlanAgendaItem]
    public var tasks: [PlanTask]

    public var tier: PlanTierLabel { variant.tier }

    /// The same plan with every id replaced by `""`: handy to compare content.
    public var withoutIDs: GeneratedPlan {
        var copy = self
        copy.id = ""
        copy.vendors = vendors.map { var v = $0; v.id = ""; return v }
        copy.agenda = agenda.map { var a = $0; a.id = ""; return a }
        copy.tasks = tasks.map { var t = $0; t.id = ""; return t }
        return copy
    }
}
