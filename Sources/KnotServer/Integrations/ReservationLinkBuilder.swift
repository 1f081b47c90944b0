import Foundation
import HearthCore

/// Restaurant booking links (spec §10.2, Reservation): no HTTP, always available. For a
/// vault with a city and a food interest it offers OpenTable searches for the three slots
/// closest to 19:00 next Saturday, and one Resy search in the cities Resy serves.
///
/// Its `source` is `opentable`; each candidate carries its own (`opentable` or `resy`).
/// Only the first of the vault's interests that maps to a cuisine is booked.
struct ReservationLinkBuilder: CandidateProvider {
    /// OpenTable's referral parameter for the affiliate id [PROPOSAL].
    static let affiliateParameter = "ref"

    let affiliateID: String?
    let enabled: Bool
    let clock: any WallClock

    var source: String { "opentable" }

    init(affiliateID: String?, enabled: Bool = true, clock: any WallClock = SystemWallClock()) {
        self.affiliateID = affiliateID
        self.enabled = enabled
        self.clock = clock
    }

    func candidates(for request: CandidateRequest) async throws -> [Candidate] {
        let input = request.input
        guard enabled, let city = input.location.city?.trimmingCharacters(in: .whitespaces), !city.isEmpty,
            let (interest, cuisine) = input.interests.lazy
                .compactMap({ interest in ReservationMappings.interestToCuisine[interest].map { (interest, $0) } }).first
        else { return [] }
        let date = Self.nextSaturday(after: clock.now)
        let partySize = ReservationMappings.partySize
        let price = ReservationMappings.cuisinePriceEstimate[cuisine].map { $0 * Int64(partySize) }
        let location = CandidateLocation(city: city, state: input.location.state, country: input.location.country, address: nil)
        let currency = CountryCurrency.currency(for: input.location.country)

        func candidate(source: String, merchant: String, title: String, url: String, time: String?) -> Candidate {
            var metadata: [String: JSONValue] = [
                "booking_type": "url_redirect", "cuisine": .string(cuisine), "reservation_date": .string(date),
                "party_size": .int(Int64(partySize)), "matched_interest": .string(interest),
            ]
            if let time { metadata["reservation_time"] = .string(time) }
            return Candidate(
                id: request.makeID(), source: source, type: .date, title: title,
                description: "Book a table for \(partySize) on \(merchant) for Saturday \(date)\(time.map { " at \($0)" } ?? "").",
                priceCents: price, currency: currency, externalURL: url, merchantName: merchant, location: location,
                metadata: .object(metadata))
        }

        var result = ReservationMappings.offeredSlots().map { minutes in
            let time = Self.clockTime(minutes)
            return candidate(
                source: "opentable", merchant: "OpenTable", title: "\(cuisine) dinner for two in \(city) at \(time)",
                url: openTableURL(cuisine: cuisine, city: city, date: date, time: time, partySize: partySize), time: time)
        }
        if let slug = ReservationMappings.resySlug(for: city) {
            result.append(
                candidate(
                    source: "resy", merchant: "Resy", title: "\(cuisine) dinner for two in \(city) on Resy",
                    url: Self.resyURL(slug: slug, cuisine: cuisine, date: date, partySize: partySize), time: nil))
        }
        return result
    }

    /// `https://www.opentable.com/s?covers={n}&dateTime={YYYY-MM-DDTHH:MM}&term={cuisine}&near={city}`
    /// (+ the affiliate parameter when configured).
    func openTableURL(cuisine: String, city: String, date: String, time: String, partySize: Int) -> String {
        var url = "https://www.opentable.com/s?covers=\(partySize)&dateTime=\(date)T\(time)"
            + "&term=\(CandidateAggregation.percentEncoded(cuisine))&near=\(CandidateAggregation.percentEncoded(city))"
        if let affiliate = Tier2Query.configured(affiliateID) {
            url += "&\(Self.affiliateParameter)=\(CandidateAggregation.percentEncoded(affiliate))"
        }
        return url
    }

    /// `https://resy.com/cities/{slug}?query={cuisine}&date={YYYY-MM-DD}&seats={n}`.
    static func resyURL(slug: String, cuisine: String, date: String, partySize: Int) -> String {
        "https://resy.com/cities/\(slug)?query=\(CandidateAggregation.percentEncoded(cuisine))&date=\(date)&seats=\(partySize)"
    }

    /// The next Saturday strictly after `now`'s UTC day (a Saturday gives the one a week
    /// later), as `YYYY-MM-DD` [PROPOSAL].
    static func nextSaturday(after now: Timestamp) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let weekday = calendar.component(.weekday, from: now.date)  // 1 = Sunday … 7 = Saturday
        let ahead = (7 - weekday) == 0 ? 7 : 7 - weekday
        let saturday = now.adding(seconds: Int64(ahead) * 86_400)
        let parts = calendar.dateComponents([.year, .month, .day], from: saturday.date)
        return "\(parts.year ?? 1970)-\(twoDigits(parts.month ?? 1))-\(twoDigits(parts.day ?? 1))"
    }

    /// `HH:MM` for minutes after midnight.
    static func clockTime(_ minutes: Int) -> String {
        "\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
