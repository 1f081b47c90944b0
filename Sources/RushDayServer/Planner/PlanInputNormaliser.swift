import HearthCore

/// Raw wizard input in plain Swift (mirrors `GenerateEventPlansRequest`); enum fields hold
/// proto numbers so unknown values can be rejected (§5.2).
public struct RawPlanInput: Sendable, Hashable {
    public var eventType: Int = 0
    public var customEventType = ""
    public var guestRange: Int = 0
    public var customGuestCount: Int64 = 0
    public var eventName = ""
    public var startDate: Timestamp?
    public var endDate: Timestamp?
    public var venueLocation = ""
    public var venueType: Int = 0
    public var customVenueName = ""
    public var venueSkipped = false
    public var budgetTier: Int = 0
    public var customBudgetAmount: Int64 = 0
    public var selectedServices: [Int] = []
    public var customService = ""
    public var servicesSkipped = false
    public var preferencesText = ""
    public var selectedTags: [String] = []
    public var preferencesSkipped = false
    public var adjustmentText = ""
    public var includeTasks = false
    public var includeAgenda = false
    public var includeVendors = false
    public var targetPlanStyle: Int = 0
    public var currencyCode = ""

    public init() {}
}

/// Input normalisation and validation (§5.2).
public enum PlanInputNormaliser {
    static let maximumText = 2000
    static let maximumTags = 20
    static let maximumTagLength = 50
    static let maximumGuests: Int64 = 100_000

    /// Validates and normalises wizard input. `callerCurrency` is the signed-in caller's
    /// currency (nil when anonymous or unknown).
    public static func normalise(_ raw: RawPlanInput, callerCurrency: String? = nil) throws(PlannerInputError) -> PlanRequest {
        let kinds: [EventKind?] = [nil, .birthday, .wedding, .business, .babyShower, .graduation, .engagement, .anniversary, .other]
        guard kinds.indices.contains(raw.eventType) else { throw PlannerInputError("event_type: unknown value \(raw.eventType)") }
        guard (0...5).contains(raw.guestRange) else { throw PlannerInputError("guest_range: unknown value \(raw.guestRange)") }
        guard (0...4).contains(raw.venueType) else { throw PlannerInputError("venue_type: unknown value \(raw.venueType)") }
        guard (0...4).contains(raw.budgetTier) else { throw PlannerInputError("budget_tier: unknown value \(raw.budgetTier)") }
        guard (0...3).contains(raw.targetPlanStyle) else {
            throw PlannerInputError("target_plan_style: unknown value \(raw.targetPlanStyle)")
        }
        for service in raw.selectedServices where !(0...6).contains(service) {
            throw PlannerInputError("selected_services: unknown value \(service)")
        }
        let texts: [(String, String)] = [
            ("custom_event_type", raw.customEventType), ("event_name", raw.eventName),
            ("venue_location", raw.venueLocation), ("custom_venue_name", raw.customVenueName),
            ("custom_service", raw.customService), ("preferences_text", raw.preferencesText),
            ("adjustment_text", raw.adjustmentText),
        ]
        for (field, text) in texts where text.unicodeScalars.count > maximumText {
            throw PlannerInputError("\(field): at most \(maximumText) characters")
        }
        guard raw.selectedTags.count <= maximumTags else { throw PlannerInputError("selected_tags: at most \(maximumTags) tags") }
        for tag in raw.selectedTags where tag.unicodeScalars.count > maximumTagLength {
            throw PlannerInputError("selected_tags: each tag at most \(maximumTagLength) characters")
        }
        guard (0...maximumGuests).contains(raw.customGuestCount) else {
            throw PlannerInputError("custom_guest_count: must be 0–100000")
        }
        guard raw.customBudgetAmount >= 0 else { throw PlannerInputError("custom_budget_amount: must be ≥ 0") }
        guard raw.customBudgetAmount <= PlannerMoneyLimits.maximumAmount else {
            throw PlannerInputError("custom_budget_amount: at most 10^13")
        }
        if let start = raw.startDate, let end = raw.endDate, end < start {
            throw PlannerInputError("end_date: must not be before start_date")
        }
        let customType = PlannerText.trimmed(raw.customEventType)
        let kind: EventKind
        if let given = kinds[raw.eventType] {
            kind = given
        } else if !customType.isEmpty {
            kind = .other
        } else {
            throw PlannerInputError("event_type or custom_event_type is required")
        }
        let code = PlannerText.trimmed(raw.currencyCode)
        let currency: PlannerCurrency
        if !code.isEmpty {
            guard PlannerCurrency.isWellFormed(code) else { throw PlannerInputError("currency_code: three upper-case letters") }
            currency = PlannerCurrency(code: code)
        } else if let caller = callerCurrency, PlannerCurrency.isWellFormed(caller) {
            currency = PlannerCurrency(code: caller)
        } else {
            currency = .usd
        }
        let ranges: [GuestRange] = [.unspecified, .intimate, .small, .medium, .large, .massive]
        let guests = raw.customGuestCount > 0 ? Int(raw.customGuestCount) : ranges[raw.guestRange].guestCount
        let venues: [VenueKind] = [.unspecified, .indoorVenue, .outdoorSpace, .atHome, .hotel]
        let tiers: [BudgetTierChoice] = [.unspecified, .economy, .standard, .premium, .luxury]
        let services: [PlannerService]
        if raw.servicesSkipped {
            services = []
        } else {
            let selected = Set(raw.selectedServices)
            services = PlannerService.allCases.enumerated().filter { selected.contains($0.offset + 1) }.map(\.element)
        }
        var keywordSources = raw.selectedTags
        keywordSources.append(raw.preferencesText)
        keywordSources.append(raw.adjustmentText)
        let variants: [PlanVariant] = switch raw.targetPlanStyle {
        case 1: [.budget]
        case 2: [.balanced]
        case 3: [.premium]
        default: PlanVariant.allCases
        }
        return PlanRequest(
            kind: kind, customEventType: customType, guestCount: guests,
            eventName: PlannerText.trimmed(raw.eventName), startDate: raw.startDate, endDate: raw.endDate,
            venueLocation: PlannerText.trimmed(raw.venueLocation), customVenueName: PlannerText.trimmed(raw.customVenueName),
            venue: raw.venueSkipped ? .unspecified : venues[raw.venueType], budgetTier: tiers[raw.budgetTier],
            customBudgetAmount: raw.customBudgetAmount, services: services,
            keywords: PlannerText.words(in: keywordSources), preferencesText: PlannerText.trimmed(raw.preferencesText),
            includeTasks: raw.includeTasks, includeAgenda: raw.includeAgenda, includeVendors: raw.includeVendors,
            variants: variants, currency: currency
        )
    }
}
