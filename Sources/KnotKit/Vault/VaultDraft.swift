import KnotRules
/// What onboarding (and every later profile edit) sends: the body of `POST` and
/// `PUT /api/v1/vault` (spec §5.2). Check it with ``VaultValidation/validated(_:)`` first
/// to show the same message the server would give, without a round trip.
public struct VaultDraft: Codable, Sendable, Hashable {
    public var partnerName: String
    public var relationshipTenureMonths: Int64?
    public var cohabitationStatus: String?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String?
    /// Exactly five of ``KnotVaultRules/interestCategories``.
    public var interests: [String]
    /// Exactly five more, none of them an interest.
    public var dislikes: [String]
    /// One to eight of ``KnotVaultRules/vibes``.
    public var vibes: [String]
    /// One per occasion type.
    public var budgets: [Budget]
    public var loveLanguages: LoveLanguages
    /// At least one, and at least one birthday.
    public var milestones: [Milestone]

    public init(
        partnerName: String, relationshipTenureMonths: Int64? = nil, cohabitationStatus: String? = nil, locationCity: String? = nil,
        locationState: String? = nil, locationCountry: String? = nil, interests: [String], dislikes: [String], vibes: [String],
        budgets: [Budget] = Budget.defaults, loveLanguages: LoveLanguages, milestones: [Milestone]
    ) {
        self.partnerName = partnerName
        self.relationshipTenureMonths = relationshipTenureMonths
        self.cohabitationStatus = cohabitationStatus
        self.locationCity = locationCity
        self.locationState = locationState
        self.locationCountry = locationCountry
        self.interests = interests
        self.dislikes = dislikes
        self.vibes = vibes
        self.budgets = budgets
        self.loveLanguages = loveLanguages
        self.milestones = milestones
    }

    enum CodingKeys: String, CodingKey {
        case partnerName = "partner_name", relationshipTenureMonths = "relationship_tenure_months"
        case cohabitationStatus = "cohabitation_status", locationCity = "location_city", locationState = "location_state"
        case locationCountry = "location_country", interests, dislikes, vibes, budgets, loveLanguages = "love_languages", milestones
    }

    /// A budget for one occasion type, in cents.
    public struct Budget: Codable, Sendable, Hashable {
        public var occasionType: String
        public var minAmount: Int64
        public var maxAmount: Int64
        /// Three capital letters; `USD` when not given.
        public var currency: String?

        public init(occasionType: String, minAmount: Int64, maxAmount: Int64, currency: String? = nil) {
            self.occasionType = occasionType
            self.minAmount = minAmount
            self.maxAmount = maxAmount
            self.currency = currency
        }

        /// The ranges the app proposes (and the server assumes without a budget, spec §6.1).
        public static let defaults = [
            Budget(occasionType: "just_because", minAmount: 2000, maxAmount: 5000, currency: "USD"),
            Budget(occasionType: "minor_occasion", minAmount: 5000, maxAmount: 15000, currency: "USD"),
            Budget(occasionType: "major_milestone", minAmount: 10000, maxAmount: 50000, currency: "USD"),
        ]

        enum CodingKeys: String, CodingKey {
            case occasionType = "occasion_type", minAmount = "min_amount", maxAmount = "max_amount", currency
        }
    }

    public struct LoveLanguages: Codable, Sendable, Hashable {
        public var primary: String
        public var secondary: String

        public init(primary: String, secondary: String) {
            self.primary = primary
            self.secondary = secondary
        }
    }

    /// A date to remember. Yearly ones are written with the year 2000 (`2000-03-20`).
    public struct Milestone: Codable, Sendable, Hashable {
        public var milestoneType: String
        public var milestoneName: String
        /// `YYYY-MM-DD`.
        public var milestoneDate: String
        /// `yearly` when not given.
        public var recurrence: String?
        /// From the type when not given (birthday, anniversary: `major_milestone`; holiday:
        /// `minor_occasion`); required for `custom`.
        public var budgetTier: String?

        public init(milestoneType: String, milestoneName: String, milestoneDate: String, recurrence: String? = nil, budgetTier: String? = nil) {
            self.milestoneType = milestoneType
            self.milestoneName = milestoneName
            self.milestoneDate = milestoneDate
            self.recurrence = recurrence
            self.budgetTier = budgetTier
        }

        enum CodingKeys: String, CodingKey {
            case milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence
            case budgetTier = "budget_tier"
        }
    }
}
