import Foundation

/// The planner's own vocabulary (spec `rushday.md` §5.2–§5.3): plain Swift enums so the
/// rule tables do not depend on generated code. ``PlannerProtoMapping`` converts to and from
/// the `rushday.v1` messages.

/// The event kind every rule table is keyed by (§5.2).
public enum EventKind: String, Sendable, Hashable, CaseIterable, Codable {
    case birthday, wedding, business, babyShower, graduation, engagement, anniversary, other

    /// Maps a stored `Event.type` id to a kind (§5.2, [CLIENT] mapping).
    public init(eventTypeID: String) {
        switch eventTypeID.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "birthday": self = .birthday
        case "wedding": self = .wedding
        case "business", "corporate", "conference": self = .business
        case "baby_shower", "babyshower": self = .babyShower
        case "graduation": self = .graduation
        case "engagement": self = .engagement
        case "anniversary": self = .anniversary
        default: self = .other
        }
    }

    /// The `Event.type` id an event created from a plan gets (§5.5).
    public var eventTypeID: String {
        switch self {
        case .birthday: "birthday"
        case .wedding: "wedding"
        case .business: "corporate"
        case .babyShower: "baby_shower"
        case .graduation: "graduation"
        case .engagement: "engagement"
        case .anniversary: "anniversary"
        case .other: "custom"
        }
    }

    /// The type noun used in texts (§5.2); OTHER uses the custom type, else "Celebration".
    public func typeNoun(customType: String = "") -> String {
        switch self {
        case .birthday: "Birthday Celebration"
        case .wedding: "Wedding Day"
        case .business: "Business Event"
        case .babyShower: "Baby Shower"
        case .graduation: "Graduation Party"
        case .engagement: "Engagement Party"
        case .anniversary: "Anniversary Celebration"
        case .other: customType.isEmpty ? "Celebration" : PlannerText.titleCased(customType)
        }
    }
}

/// The wizard's guest-count buckets (§5.2).
public enum GuestRange: Sendable, Hashable, CaseIterable {
    case unspecified, intimate, small, medium, large, massive

    /// The guest count G a bucket stands for.
    public var guestCount: Int {
        switch self {
        case .unspecified: 30
        case .intimate: 8
        case .small: 20
        case .medium: 50
        case .large: 110
        case .massive: 220
        }
    }
}

/// Where the event takes place (§5.3 V table). `unspecified` also stands for "skipped".
public enum VenueKind: Sendable, Hashable, CaseIterable, Codable {
    case unspecified, indoorVenue, outdoorSpace, atHome, hotel
}

/// The budget tier chosen in the wizard (§5.3 P table).
public enum BudgetTierChoice: Sendable, Hashable, CaseIterable, Codable {
    case unspecified, economy, standard, premium, luxury
}

/// A service the host wants (§5.3 allocation links), in proto order.
public enum PlannerService: Sendable, Hashable, CaseIterable, Codable {
    case catering, decoration, entertainment, photoVideo, invitations, transport

    /// Expense categories linked to the service; the first is added at 3 % when all are absent.
    public var linkedCategories: [ExpenseCategory] {
        switch self {
        case .catering: [.beverages, .cakeDesserts]
        case .decoration: [.decorations, .flowers]
        case .entertainment: [.entertainment, .audioVisual]
        case .photoVideo: [.photoVideo]
        case .invitations: [.invitationsStationery]
        case .transport: [.transportation]
        }
    }
}

/// One of the three plan variants, in output order (§5.3).
public enum PlanVariant: Sendable, Hashable, CaseIterable, Codable {
    case budget, balanced, premium

    /// The tier shown on the card (§5.3, [CLIENT] ordering).
    public var tier: PlanTierLabel {
        switch self {
        case .budget: .standard
        case .balanced: .aiRecommended
        case .premium: .popular
        }
    }
}

/// `PlanTier` of the proto.
public enum PlanTierLabel: Sendable, Hashable {
    case standard, popular, aiRecommended
}

/// A plan's visual style (§5.3 style rules).
public enum PlanStyleKind: Sendable, Hashable, CaseIterable, Codable {
    case classic, modern, natural, luxury, custom

    /// The label used in titles and highlights.
    public var label: String {
        switch self {
        case .classic: "Classic"
        case .modern: "Modern"
        case .natural: "Natural"
        case .luxury: "Luxe"
        case .custom: "Signature"
        }
    }
}

/// The expense category vocabulary of §4.7.1; the planner emits these keys.
public enum ExpenseCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case venueRental = "venue_rental"
    case foodCatering = "food_catering"
    case beverages
    case decorations
    case flowers
    case entertainment
    case audioVisual = "audio_visual"
    case photoVideo = "photo_video"
    case attireBeauty = "attire_beauty"
    case invitationsStationery = "invitations_stationery"
    case cakeDesserts = "cake_desserts"
    case transportation
    case rentalsEquipment = "rentals_equipment"
    case staffing
    case giftsFavors = "gifts_favors"
    case miscellaneous

    /// The stored key, e.g. `food_catering`.
    public var key: String { rawValue }

    /// The display label of §4.7.1.
    public var label: String {
        switch self {
        case .venueRental: "Venue Rental"
        case .foodCatering: "Food/Catering"
        case .beverages: "Beverages"
        case .decorations: "Decorations"
        case .flowers: "Flowers"
        case .entertainment: "Entertainment"
        case .audioVisual: "Audio/Visual"
        case .photoVideo: "Photo & Video"
        case .attireBeauty: "Attire & Beauty"
        case .invitationsStationery: "Invitations & Stationery"
        case .cakeDesserts: "Cake & Desserts"
        case .transportation: "Transportation"
        case .rentalsEquipment: "Rentals & Equipment"
        case .staffing: "Staffing"
        case .giftsFavors: "Gifts & Favors"
        case .miscellaneous: "Miscellaneous"
        }
    }

    /// Categories never dropped by the service filter (§5.3).
    public var isAlwaysKept: Bool {
        switch self {
        case .foodCatering, .venueRental, .attireBeauty, .staffing, .giftsFavors, .miscellaneous: true
        default: false
        }
    }
}
