import Foundation

/// Which time zone a user's quiet hours are in (spec §8.4): their own valid IANA zone,
/// else one inferred from the vault's US state, else `America/New_York`.
enum ReminderTimeZone {
    /// `DEFAULT_TIMEZONE` [FACT].
    static let defaultIdentifier = "America/New_York"

    static func resolve(explicit: String?, state: String?, country: String?) -> TimeZone {
        if let explicit, let zone = TimeZone(identifier: explicit) { return zone }
        let identifier = inferred(state: state, country: country) ?? defaultIdentifier
        return TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: -5 * 3600) ?? .gmt
    }

    /// Only for a US (or country-less) vault; the state as a two-letter code or full name,
    /// in any letter case [DECISION: names accepted].
    static func inferred(state: String?, country: String?) -> String? {
        if let country, country.trimmingCharacters(in: .whitespaces).uppercased() != "US" { return nil }
        guard let state = state?.trimmingCharacters(in: .whitespaces).lowercased(), !state.isEmpty else { return nil }
        return states.first { $0.code.lowercased() == state || $0.name.lowercased() == state }?.zone
    }

    /// The 50 states and DC with their predominant zone. TX, CA, NY and HI are [FACT];
    /// the rest [PROPOSAL].
    static let states: [(code: String, name: String, zone: String)] = [
        ("AL", "Alabama", "America/Chicago"), ("AK", "Alaska", "America/Anchorage"), ("AZ", "Arizona", "America/Phoenix"),
        ("AR", "Arkansas", "America/Chicago"), ("CA", "California", "America/Los_Angeles"), ("CO", "Colorado", "America/Denver"),
        ("CT", "Connecticut", "America/New_York"), ("DE", "Delaware", "America/New_York"),
        ("DC", "District of Columbia", "America/New_York"), ("FL", "Florida", "America/New_York"),
        ("GA", "Georgia", "America/New_York"), ("HI", "Hawaii", "Pacific/Honolulu"), ("ID", "Idaho", "America/Boise"),
        ("IL", "Illinois", "America/Chicago"), ("IN", "Indiana", "America/Indiana/Indianapolis"), ("IA", "Iowa", "America/Chicago"),
        ("KS", "Kansas", "America/Chicago"), ("KY", "Kentucky", "America/New_York"), ("LA", "Louisiana", "America/Chicago"),
        ("ME", "Maine", "America/New_York"), ("MD", "Maryland", "America/New_York"), ("MA", "Massachusetts", "America/New_York"),
        ("MI", "Michigan", "America/Detroit"), ("MN", "Minnesota", "America/Chicago"), ("MS", "Mississippi", "America/Chicago"),
        ("MO", "Missouri", "America/Chicago"), ("MT", "Montana", "America/Denver"), ("NE", "Nebraska", "America/Chicago"),
        ("NV", "Nevada", "America/Los_Angeles"), ("NH", "New Hampshire", "America/New_York"), ("NJ", "New Jersey", "America/New_York"),
        ("NM", "New Mexico", "America/Denver"), ("NY", "New York", "America/New_York"), ("NC", "North Carolina", "America/New_York"),
        ("ND", "North Dakota", "America/Chicago"), ("OH", "Ohio", "America/New_York"), ("OK", "Oklahoma", "America/Chicago"),
        ("OR", "Oregon", "America/Los_Angeles"), ("PA", "Pennsylvania", "America/New_York"), ("RI", "Rhode Island", "America/New_York"),
        ("SC", "South Carolina", "America/New_York"), ("SD", "South Dakota", "America/Chicago"), ("TN", "Tennessee", "America/Chicago"),
        ("TX", "Texas", "America/Chicago"), ("UT", "Utah", "America/Denver"), ("VT", "Vermont", "America/New_York"),
        ("VA", "Virginia", "America/New_York"), ("WA", "Washington", "America/Los_Angeles"), ("WV", "West Virginia", "America/New_York"),
        ("WI", "Wisconsin", "America/Chicago"), ("WY", "Wyoming", "America/Denver"),
    ]
}
