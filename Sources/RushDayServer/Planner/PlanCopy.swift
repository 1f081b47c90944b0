/// The plan texts of §5.3: title, description, highlights and the venue / catering /
/// entertainment phrases (each phrase ≤ 80 characters; the spec's examples are kept verbatim,
/// the rest is Hearth's product copy).

public enum PlanCopy {
    /// prefix + style label + type noun.
    public static func title(variant: PlanVariant, style: PlanStyleKind, typeNoun: String) -> String {
        let prefix = switch variant {
        case .budget: "Simple "
        case .balanced: ""
        case .premium: "Grand "
        }
        return prefix + style.label + " " + typeNoun
    }

    /// "{title} for about {G} guests{ at <venue>}." + the variant sentence.
    public static func description(title: String, guestCount: Int, venueName: String, variant: PlanVariant) -> String {
        let venueClause = venueName.isEmpty ? "" : " at \(venueName)"
        let closing = switch variant {
        case .budget: "Keeps costs low by focusing on the essentials."
        case .balanced: "Balances cost and experience for a memorable event."
        case .premium: "Adds premium touches for an unforgettable experience."
        }
        return "\(title) for about \(guestCount) guests\(venueClause). \(closing)"
    }

    public static func highlights(style: PlanStyleKind, guestCount: Int, biggest: ExpenseCategory?, variant: PlanVariant) -> [String] {
        var lines = ["\(style.label) styling", "Sized for about \(guestCount) guests"]
        if let biggest { lines.append("Biggest investment: \(biggest.label)") }
        if variant == .premium { lines.append("Premium upgrades included") }
        return lines
    }

    /// One phrase per (venue type × variant), with " — {venue}" when a venue name is known.
    public static func venueDescription(venue: VenueKind, variant: PlanVariant, venueName: String) -> String {
        let phrases: (String, String, String) = switch venue {
        case .hotel: ("Hotel meeting room", "Hotel function room", "Hotel ballroom")
        case .indoorVenue: ("Community hall or café corner", "Private room at a restaurant or hall", "Stylish event loft")
        case .outdoorSpace: ("Public park picnic spot", "Garden or terrace with shade", "Estate garden with marquee")
        case .atHome: ("Living room get-together", "Home party with a styled lounge", "Home party with catered setup")
        case .unspecified: ("Simple local venue", "Comfortable event space", "Premium event venue")
        }
        let phrase = pick(phrases, variant)
        return venueName.isEmpty ? phrase : "\(phrase) — \(venueName)"
    }

    /// One phrase per (G ≤ 20 / 21–75 / > 75 × variant).
    public static func cateringDescription(guestCount: Int, variant: PlanVariant) -> String {
        let phrases: (String, String, String) = switch guestCount {
        case ...20: ("Homemade snacks and drinks", "Catered sharing platters", "Private chef tasting menu")
        case 21...75: ("Buffet", "Plated dinner", "Plated dinner with premium bar")
        default: ("Self-serve buffet stations", "Full-service buffet with bar", "Multi-course dinner with open bar")
        }
        return pick(phrases, variant)
    }

    /// One phrase per (kind × variant).
    public static func entertainmentDescription(kind: EventKind, variant: PlanVariant) -> String {
        let phrases: (String, String, String) = switch kind {
        case .birthday: ("Curated playlist", "DJ and party games", "Live band and photo booth")
        case .wedding: ("Curated ceremony and dinner playlist", "DJ with first-dance set", "Live band and string quartet")
        case .business: ("Background playlist", "Guest speaker and networking games", "Keynote speaker and live act")
        case .babyShower: ("Classic shower games", "Shower games with prizes", "Games host and keepsake station")
        case .graduation: ("Playlist and photo slideshow", "DJ and photo slideshow", "Live band and photo booth")
        case .engagement: ("Romantic playlist", "Acoustic duo", "Live band and champagne toast")
        case .anniversary: ("Playlist of your favourite songs", "Memory slideshow and DJ", "Live band and memory slideshow")
        case .other: ("Curated playlist", "DJ and group activities", "Live entertainment and photo booth")
        }
        return pick(phrases, variant)
    }

    static func pick(_ phrases: (String, String, String), _ variant: PlanVariant) -> String {
        switch variant {
        case .budget: phrases.0
        case .balanced: phrases.1
        case .premium: phrases.2
        }
    }
}
