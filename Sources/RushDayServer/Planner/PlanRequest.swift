import HearthCore

/// A plan-generation request after normalisation (§5.2): the rule tables read only this.
public struct PlanRequest: Sendable, Hashable, Codable {
    public var kind: EventKind
    /// `custom_event_type`, trimmed ("" when none).
    public var customEventType: String
    /// Guest count G.
    public var guestCount: Int
    public var eventName: String
    public var startDate: Timestamp?
    public var endDate: Timestamp?
    public var venueLocation: String
    public var customVenueName: String
    /// `unspecified` when not given or skipped.
    public var venue: VenueKind
    public var budgetTier: BudgetTierChoice
    /// `custom_budget_amount` in minor units of ``currency``; 0 = not given.
    public var customBudgetAmount: Int64
    /// Selected services in proto order; empty when none were selected or services were skipped.
    public var services: [PlannerService]
    /// Lower-cased whole words of tags, preferences and adjustment text.
    public var keywords: Set<String>
    public var preferencesText: String
    public var includeTasks: Bool
    public var includeAgenda: Bool
    public var includeVendors: Bool
    /// The variants to generate, in output order.
    public var variants: [PlanVariant]
    public var currency: PlannerCurrency

    public init(
        kind: EventKind, customEventType: String = "", guestCount: Int, eventName: String = "",
        startDate: Timestamp? = nil, endDate: Timestamp? = nil, venueLocation: String = "",
        customVenueName: String = "", venue: VenueKind = .unspecified, budgetTier: BudgetTierChoice = .unspecified,
        customBudgetAmount: Int64 = 0, services: [PlannerService] = [], keywords: Set<String> = [],
        preferencesText: String = "", includeTasks: Bool = false, includeAgenda: Bool = false,
        includeVendors: Bool = false, variants: [PlanVariant] = PlanVariant.allCases, currency: PlannerCurrency = .usd
    ) {
        self.kind = kind
        self.customEventType = customEventType
        self.guestCount = guestCount
        self.eventName = eventName
        self.startDate = startDate
        self.endDate = endDate
        self.venueLocation = venueLocation
        self.customVenueName = customVenueName
        self.venue = venue
        self.budgetTier = budgetTier
        self.customBudgetAmount = customBudgetAmount
        self.services = services
        self.keywords = keywords
        self.preferencesText = preferencesText
        self.includeTasks = includeTasks
        self.includeAgenda = includeAgenda
        self.includeVendors = includeVendors
        self.variants = variants
        self.currency = currency
    }

    /// The type noun of §5.2.
    public var typeNoun: String { kind.typeNoun(customType: customEventType) }

    /// The venue name used in texts: `custom_venue_name`, else `venue_location` ("" = none).
    public var venueName: String { customVenueName.isEmpty ? venueLocation : customVenueName }
}
