import Foundation
import HearthCore

/// Ticketmaster Discovery API event search (spec §10.1, §10.2): on-sale events of the
/// vault's event-like interests in its city over the coming weeks.
struct TicketmasterClient: CandidateProvider {
    static let pageSize = 20
    /// The search window from "now" [PROPOSAL].
    static let windowDays = 30
    /// Preferred images are 16:9 and at least this wide (spec §10.2).
    static let preferredImageWidth: Int64 = 640

    let http: IntegrationHTTP
    let apiKey: String?
    let baseURL: String
    let clock: any WallClock

    var source: String { "ticketmaster" }

    init(
        http: IntegrationHTTP, apiKey: String?, baseURL: String = IntegrationSettings().ticketmasterBaseURL,
        clock: any WallClock = SystemWallClock()
    ) {
        self.http = http
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.clock = clock
    }

    func candidates(for request: CandidateRequest) async throws -> [Candidate] {
        guard let key = Tier2Query.configured(apiKey) else { return [] }
        let wanted = TicketmasterMappings.classifications(for: request.input.interests)
        let call = IntegrationHTTP.Request(url: searchURL(apiKey: key, input: request.input, classifications: wanted.map(\.classification)))
        guard let answer = await http.json(call, service: source) else { return [] }
        return (answer["_embedded"]?["events"]?.arrayValue ?? []).compactMap { event in
            candidate(from: event, wanted: wanted, request: request)
        }
    }

    /// `GET /discovery/v2/events.json?apikey=…` with the classification filters (or, when no
    /// interest maps to one, the first interest as `keyword`), city, country code and the
    /// date window. The Discovery API has no price filter; Stage 2's budget filter applies.
    func searchURL(apiKey: String, input: PipelineInput, classifications: [TicketmasterMappings.Classification]) -> String {
        var items: [(name: String, value: String)] = [("apikey", apiKey)]
        if classifications.isEmpty {
            if let keyword = input.interests.first { items.append(("keyword", keyword)) }
        } else {
            for level in [TicketmasterMappings.Classification.Level.genre, .segment] {
                let ids = classifications.filter { $0.level == level }.map(\.id)
                if !ids.isEmpty { items.append((level.rawValue, ids.joined(separator: ","))) }
            }
        }
        if let city = input.location.city?.trimmingCharacters(in: .whitespaces), !city.isEmpty { items.append(("city", city)) }
        if let country = TicketmasterMappings.countryCode(input.location.country) { items.append(("countryCode", country)) }
        let start = clock.now
        items.append(("startDateTime", Self.discoveryDate(start)))
        items.append(("endDateTime", Self.discoveryDate(start.adding(seconds: Int64(Self.windowDays) * 86_400))))
        items.append(("size", String(Self.pageSize)))
        items.append(("sort", "date,asc"))
        return Tier2Query.url(base: baseURL, path: "/discovery/v2/events.json", items)
    }

    /// One on-sale event → one candidate; other statuses, and events without a name or a
    /// URL, are skipped.
    func candidate(
        from event: JSONValue, wanted: [(interest: String, classification: TicketmasterMappings.Classification)],
        request: CandidateRequest
    ) -> Candidate? {
        guard event["dates"]?["status"]?["code"]?.stringValue?.lowercased() == "onsale",
            let name = event["name"]?.stringValue, !name.isEmpty,
            let url = event["url"]?.stringValue, !url.isEmpty
        else { return nil }
        let venue = event["_embedded"]?["venues"]?[0]
        let venueName = venue?["name"]?.stringValue
        let localDate = event["dates"]?["start"]?["localDate"]?.stringValue
        let range = event["priceRanges"]?[0]
        let country = venue?["country"]?["countryCode"]?.stringValue ?? request.input.location.country
        let currency = range?["currency"]?.stringValue ?? CountryCurrency.currency(for: country)
        let classification = event["classifications"]?[0]
        let eventIDs = [classification?["genre"]?["id"]?.stringValue, classification?["segment"]?["id"]?.stringValue].compactMap { $0 }
        var metadata: [String: JSONValue] = [
            "ticketmaster_id": event["id"] ?? .null,
            "venue": venueName.map(JSONValue.string) ?? .null,
            "event_date": localDate.map(JSONValue.string) ?? .null,
        ]
        if let match = wanted.first(where: { eventIDs.contains($0.classification.id) }) {
            metadata["matched_interest"] = .string(match.interest)
        }
        let kind = classification?["genre"]?["name"]?.stringValue ?? classification?["segment"]?["name"]?.stringValue
        return Candidate(
            id: request.makeID(), source: source, type: .experience, title: name,
            description: event["info"]?.stringValue
                ?? Self.summary(kind: kind, venue: venueName, date: localDate),
            priceCents: Self.priceCents(min: range?["min"]?.doubleValue, max: range?["max"]?.doubleValue),
            currency: currency, externalURL: url, imageURL: Self.image(event["images"]?.arrayValue ?? []),
            merchantName: venueName,
            location: CandidateLocation(
                city: venue?["city"]?["name"]?.stringValue ?? request.input.location.city,
                state: venue?["state"]?["stateCode"]?.stringValue ?? request.input.location.state, country: country,
                address: venue?["address"]?["line1"]?.stringValue),
            metadata: .object(metadata))
    }

    /// `int((min + max) / 2 × 100)`, or the single bound × 100, or `nil` (spec §10.2).
    static func priceCents(min: Double?, max: Double?) -> Int64? {
        let amount: Double
        switch (min, max) {
        case let (low?, high?): amount = (low + high) / 2
        case let (low?, nil): amount = low
        case let (nil, high?): amount = high
        case (nil, nil): return nil
        }
        let cents = amount * 100
        guard cents.isFinite, cents >= 0, cents < 9.0e15 else { return nil }
        return Int64(cents)
    }

    /// The first 16:9 image at least 640 wide, else the widest image.
    static func image(_ images: [JSONValue]) -> String? {
        let usable = images.filter { $0["url"]?.stringValue?.isEmpty == false }
        let preferred = usable.first {
            $0["ratio"]?.stringValue == "16_9" && ($0["width"]?.intValue ?? 0) >= preferredImageWidth
        }
        let chosen = preferred ?? usable.max { ($0["width"]?.intValue ?? 0) < ($1["width"]?.intValue ?? 0) }
        return chosen?["url"]?.stringValue
    }

    static func summary(kind: String?, venue: String?, date: String?) -> String? {
        var text = kind ?? "Live event"
        if let venue { text += " at \(venue)" }
        if let date { text += " on \(date)" }
        return kind == nil && venue == nil && date == nil ? nil : text
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC, the Discovery API's date form.
    static func discoveryDate(_ timestamp: Timestamp) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: timestamp.date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}
