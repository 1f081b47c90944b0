/// The allocation table of §5.3 and its adjustments: AT_HOME, service filter, 3 % additions,
/// renormalisation, and floor-plus-remainder so the items always sum to M.

/// One allocated category.
public struct AllocationItem: Sendable, Hashable, Codable {
    public var category: ExpenseCategory
    /// Minor units.
    public var amount: Int64

    public init(category: ExpenseCategory, amount: Int64) {
        self.category = category
        self.amount = amount
    }
}

/// A category share before renormalisation (percent points).
public struct AllocationShare: Sendable, Hashable {
    public var category: ExpenseCategory
    public var percent: Int64
}

public enum PlanAllocation {
    /// The per-kind table of §5.3, in table order.
    public static func table(for kind: EventKind) -> [AllocationShare] {
        let rows: [(ExpenseCategory, Int64)] = switch kind {
        case .birthday:
            [(.venueRental, 20), (.foodCatering, 32), (.beverages, 8), (.cakeDesserts, 6), (.decorations, 10),
             (.entertainment, 12), (.photoVideo, 6), (.invitationsStationery, 2), (.miscellaneous, 4)]
        case .wedding:
            [(.venueRental, 28), (.foodCatering, 25), (.beverages, 5), (.attireBeauty, 8), (.photoVideo, 10),
             (.flowers, 6), (.entertainment, 7), (.decorations, 4), (.invitationsStationery, 2), (.transportation, 2),
             (.cakeDesserts, 2), (.miscellaneous, 1)]
        case .business:
            [(.venueRental, 30), (.foodCatering, 25), (.beverages, 5), (.audioVisual, 15), (.staffing, 8),
             (.decorations, 4), (.photoVideo, 5), (.transportation, 4), (.invitationsStationery, 1), (.miscellaneous, 3)]
        case .babyShower:
            [(.venueRental, 15), (.foodCatering, 35), (.cakeDesserts, 10), (.decorations, 18), (.entertainment, 5),
             (.giftsFavors, 8), (.invitationsStationery, 4), (.photoVideo, 3), (.miscellaneous, 2)]
        case .graduation:
            [(.venueRental, 18), (.foodCatering, 35), (.beverages, 7), (.cakeDesserts, 5), (.decorations, 12),
             (.entertainment, 10), (.photoVideo, 8), (.invitationsStationery, 3), (.miscellaneous, 2)]
        case .engagement:
            [(.venueRental, 25), (.foodCatering, 30), (.beverages, 10), (.decorations, 10), (.flowers, 5),
             (.entertainment, 8), (.photoVideo, 8), (.invitationsStationery, 2), (.miscellaneous, 2)]
        case .anniversary:
            [(.venueRental, 25), (.foodCatering, 32), (.beverages, 10), (.decorations, 8), (.flowers, 5),
             (.entertainment, 10), (.photoVideo, 6), (.cakeDesserts, 2), (.miscellaneous, 2)]
        case .other:
            [(.venueRental, 25), (.foodCatering, 35), (.beverages, 8), (.decorations, 10), (.entertainment, 12),
             (.photoVideo, 5), (.invitationsStationery, 2), (.miscellaneous, 3)]
        }
        return rows.map { AllocationShare(category: $0.0, percent: $0.1) }
    }

    /// The adjusted shares for a plan (§5.3): AT_HOME drops the venue; with selected services,
    /// categories of unselected services are dropped and a selected service with none of its
    /// categories left adds its first one at 3 %.
    public static func shares(kind: EventKind, venue: VenueKind, services: [PlannerService]) -> [AllocationShare] {
        var shares = table(for: kind)
        if venue == .atHome { shares.removeAll { $0.category == .venueRental } }
        guard !services.isEmpty else { return shares }
        let selected = Set(services)
        let droppable = Set(PlannerService.allCases.filter { !selected.contains($0) }.flatMap(\.linkedCategories))
        shares.removeAll { !$0.category.isAlwaysKept && droppable.contains($0.category) }
        for service in PlannerService.allCases where selected.contains(service) {
            let present = Set(shares.map(\.category))
            if service.linkedCategories.allSatisfy({ !present.contains($0) }), let first = service.linkedCategories.first {
                shares.append(AllocationShare(category: first, percent: 3))
            }
        }
        return shares
    }

    /// Splits M over the shares: `floor(M × share / Σ)` each, remainder to the largest share
    /// (first in order on ties), so the amounts sum to M exactly.
    public static func split(_ total: Int64, over shares: [AllocationShare]) -> [AllocationItem] {
        let sum = shares.reduce(Int64(0)) { $0 + $1.percent }
        guard sum > 0, total > 0 else { return shares.map { AllocationItem(category: $0.category, amount: 0) } }
        var items = shares.map { share -> AllocationItem in
            let (product, overflow) = total.multipliedReportingOverflow(by: share.percent)
            let amount = overflow ? (total / sum) * share.percent : product / sum
            return AllocationItem(category: share.category, amount: amount)
        }
        let assigned = items.reduce(Int64(0)) { $0 + $1.amount }
        if let largest = largestIndex(shares) { items[largest].amount += total - assigned }
        return items
    }

    /// The index of the largest share, first in order on ties.
    static func largestIndex(_ shares: [AllocationShare]) -> Int? {
        var best: Int?
        for (index, share) in shares.enumerated() where best.map({ share.percent > shares[$0].percent }) ?? true {
            best = index
        }
        return best
    }

    /// The category with the largest amount (first in order on ties): the "biggest investment".
    public static func largestCategory(_ items: [AllocationItem]) -> ExpenseCategory? {
        var best: AllocationItem?
        for item in items where best.map({ item.amount > $0.amount }) ?? true { best = item }
        return best?.category
    }
}
