import Foundation
import HearthCore

/// The Tier-3 stub catalogue (spec §6.3), read from `Resources/StubCatalog.json`.
///
/// The content is a placeholder written for Hearth (decision 3): replace the data file,
/// not this code. `StubCatalogTests` validates the shipped file against the 40 interests
/// and the 8 vibes.
struct StubCatalog: Sendable, Hashable {
    struct GiftEntry: Sendable, Hashable {
        var title: String
        var description: String
        var priceCents: Int64
        var merchant: String
        var source: String
        var url: String?
    }

    struct ExperienceEntry: Sendable, Hashable {
        var title: String
        var description: String
        var priceCents: Int64
        var merchant: String
        var source: String
        var recType: RecommendationType
        var url: String?
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    static let giftSources: Set<String> = ["amazon", "shopify"]
    static let experienceSources: Set<String> = ["yelp", "ticketmaster", "firecrawl", "opentable", "resy"]

    var interestGifts: [String: [GiftEntry]]
    var vibeExperiences: [String: [ExperienceEntry]]
    var interestImages: [String: String]
    var vibeImages: [String: String]

    /// The bundled catalogue; an unreadable file is a programming error caught by the tests.
    static let bundled: StubCatalog = {
        do {
            return try loadBundled()
        } catch {
            preconditionFailure("StubCatalog.json: \(error)")
        }
    }()

    static func loadBundled() throws -> StubCatalog {
        guard let url = Bundle.module.url(forResource: "StubCatalog", withExtension: "json") else {
            throw LoadError(description: "resource missing")
        }
        return try parse(Array(try Data(contentsOf: url)))
    }

    /// Reads the catalogue shape; the content rules (counts, sources, prices) are checked by
    /// ``problems(interests:vibes:)`` so a test can list every violation at once.
    static func parse(_ bytes: [UInt8]) throws -> StubCatalog {
        let root = try JSONParser().parse(bytes)
        func object(_ key: String) throws -> [String: JSONValue] {
            guard let value = root[key]?.objectValue else { throw LoadError(description: "`\(key)` must be an object") }
            return value
        }
        func entries(_ value: JSONValue, _ key: String) throws -> [JSONValue] {
            guard let list = value.arrayValue else { throw LoadError(description: "`\(key)` must be an array") }
            return list
        }
        func string(_ entry: JSONValue, _ field: String, in key: String) throws -> String {
            guard let text = entry[field]?.stringValue else { throw LoadError(description: "`\(key)`: `\(field)` must be a string") }
            return text
        }
        func price(_ entry: JSONValue, in key: String) throws -> Int64 {
            guard let value = entry["price_cents"], case .int(let cents) = value else {
                throw LoadError(description: "`\(key)`: `price_cents` must be an integer")
            }
            return cents
        }
        func optionalURL(_ entry: JSONValue, in key: String) throws -> String? {
            guard let value = entry["url"], !value.isNull else { return nil }
            guard let text = value.stringValue else { throw LoadError(description: "`\(key)`: `url` must be a string") }
            return text
        }

        var gifts: [String: [GiftEntry]] = [:]
        for (interest, value) in try object("interest_gifts") {
            gifts[interest] = try entries(value, interest).map { entry in
                GiftEntry(
                    title: try string(entry, "title", in: interest), description: try string(entry, "description", in: interest),
                    priceCents: try price(entry, in: interest), merchant: try string(entry, "merchant", in: interest),
                    source: try string(entry, "source", in: interest), url: try optionalURL(entry, in: interest))
            }
        }
        var experiences: [String: [ExperienceEntry]] = [:]
        for (vibe, value) in try object("vibe_experiences") {
            experiences[vibe] = try entries(value, vibe).map { entry in
                let typeText = try string(entry, "rec_type", in: vibe)
                guard let type = RecommendationType(rawValue: typeText), type != .gift else {
                    throw LoadError(description: "`\(vibe)`: `rec_type` must be experience or date, not \(typeText)")
                }
                return ExperienceEntry(
                    title: try string(entry, "title", in: vibe), description: try string(entry, "description", in: vibe),
                    priceCents: try price(entry, in: vibe), merchant: try string(entry, "merchant", in: vibe),
                    source: try string(entry, "source", in: vibe), recType: type, url: try optionalURL(entry, in: vibe))
            }
        }
        func images(_ key: String) throws -> [String: String] {
            try object(key).mapValues { value in
                guard let text = value.stringValue else { throw LoadError(description: "`\(key)` values must be strings") }
                return text
            }
        }
        return StubCatalog(
            interestGifts: gifts, vibeExperiences: experiences, interestImages: try images("interest_images"),
            vibeImages: try images("vibe_images"))
    }

    /// Every way this catalogue breaks the rules of §6.3 for the given sets; empty when valid.
    func problems(interests: [String], vibes: [String]) -> [String] {
        var problems: [String] = []
        let interestSet = Set(interests)
        let vibeSet = Set(vibes)
        if Set(interestGifts.keys) != interestSet { problems.append("interest_gifts keys differ from the interest list") }
        if Set(interestImages.keys) != interestSet { problems.append("interest_images keys differ from the interest list") }
        if Set(vibeExperiences.keys) != vibeSet { problems.append("vibe_experiences keys differ from the vibe list") }
        if Set(vibeImages.keys) != vibeSet { problems.append("vibe_images keys differ from the vibe list") }
        for (interest, entries) in interestGifts {
            if !(2...3).contains(entries.count) { problems.append("\(interest): \(entries.count) gifts, expected 2–3") }
            for entry in entries {
                problems += Self.entryProblems(
                    "\(interest)/\(entry.title)", title: entry.title, description: entry.description, price: entry.priceCents,
                    merchant: entry.merchant, url: entry.url)
                if !Self.giftSources.contains(entry.source) { problems.append("\(interest)/\(entry.title): source \(entry.source)") }
            }
        }
        for (vibe, entries) in vibeExperiences {
            if entries.count != 3 { problems.append("\(vibe): \(entries.count) experiences, expected 3") }
            for entry in entries {
                problems += Self.entryProblems(
                    "\(vibe)/\(entry.title)", title: entry.title, description: entry.description, price: entry.priceCents,
                    merchant: entry.merchant, url: entry.url)
                if !Self.experienceSources.contains(entry.source) { problems.append("\(vibe)/\(entry.title): source \(entry.source)") }
            }
        }
        for (key, url) in interestImages.merging(vibeImages, uniquingKeysWith: { first, _ in first })
        where !Self.isHTTPURL(url) {
            problems.append("image of \(key) is not an https URL")
        }
        return problems.sorted()
    }

    private static func entryProblems(
        _ name: String, title: String, description: String, price: Int64, merchant: String, url: String?
    ) -> [String] {
        var problems: [String] = []
        if TextMatch.norm(title).isEmpty { problems.append("\(name): empty title") }
        if TextMatch.norm(description).isEmpty { problems.append("\(name): empty description") }
        if TextMatch.norm(merchant).isEmpty { problems.append("\(name): empty merchant") }
        if price <= 0 { problems.append("\(name): price_cents must be > 0") }
        if let url, !isHTTPURL(url) { problems.append("\(name): url is not an https URL") }
        return problems
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        text.hasPrefix("https://") && URL(string: text)?.host != nil
    }
}
