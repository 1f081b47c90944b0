import HearthCore
import HearthServer
import Hummingbird
import KnotRules

/// The body of `POST` and `PUT /api/v1/vault` (spec §5.2), validated. Any rule broken is
/// a 422 naming the field, thrown before anything is read from or written to storage.
struct VaultInput: Sendable, Hashable {
    /// The body is bounded; the other limits are `KnotVaultRules`'.
    static let maxBodyBytes = 64 * 1024

    struct Budget: Sendable, Hashable {
        var occasionType: String
        var minAmount: Int64
        var maxAmount: Int64
        var currency: String
    }

    var partnerName: String
    var relationshipTenureMonths: Int64?
    var cohabitationStatus: String?
    var locationCity: String?
    var locationState: String?
    var locationCountry: String
    var interests: [String]
    var dislikes: [String]
    var vibes: [String]
    /// In the order sent.
    var budgets: [Budget]
    var primaryLoveLanguage: String
    var secondaryLoveLanguage: String
    var milestones: [MilestoneInput]

    static func read(_ request: Request, context: HearthRequestContext) async throws -> VaultInput {
        try VaultInput(try await KnotRequestBody.object(request, context: context, limit: maxBodyBytes))
    }

    init(_ body: BodyFields) throws {
        partnerName = try body.requiredString("partner_name", maxLength: KnotVaultRules.maxTextLength)
        relationshipTenureMonths = try body.optionalInt("relationship_tenure_months", in: KnotVaultRules.tenureMonths)
        cohabitationStatus = try body.optionalChoice("cohabitation_status", KnotVaultRules.cohabitationStatuses)
        locationCity = try body.optionalString("location_city", maxLength: KnotVaultRules.maxTextLength)
        locationState = try body.optionalString("location_state", maxLength: KnotVaultRules.maxTextLength)
        locationCountry = try body.optionalString("location_country", maxLength: KnotVaultRules.maxTextLength) ?? "US"
        interests = try Self.categories(body, "interests")
        dislikes = try Self.categories(body, "dislikes")
        if let both = interests.first(where: dislikes.contains) {
            throw APIError.invalidField("dislikes", "'\(both)' cannot be both an interest and a dislike")
        }
        vibes = try Self.vibes(body)
        budgets = try Self.budgets(body)
        (primaryLoveLanguage, secondaryLoveLanguage) = try Self.loveLanguages(body)
        milestones = try Self.milestones(body)
    }

    /// Exactly five distinct categories of ``InterestCategory/all``.
    private static func categories(_ body: BodyFields, _ name: String) throws -> [String] {
        let elements = try body.array(name, maxCount: KnotVaultRules.interestCount)
        guard elements.count == KnotVaultRules.interestCount else {
            throw APIError.invalidField(name, "Exactly \(KnotVaultRules.interestCount) \(name) are required, got \(elements.count)")
        }
        var seen: [String] = []
        for (index, element) in elements.enumerated() {
            guard let category = element.stringValue, KnotVaultRules.interestCategorySet.contains(category) else {
                throw APIError.invalidField("\(name).\(index)", "Input should be one of the 40 interest categories")
            }
            guard !seen.contains(category) else { throw APIError.invalidField(name, "'\(category)' is listed twice") }
            seen.append(category)
        }
        return seen
    }

    /// 1…8 distinct vibe tags (spec §2 #2).
    private static func vibes(_ body: BodyFields) throws -> [String] {
        let elements = try body.array("vibes", maxCount: KnotVaultRules.vibes.count)
        guard !elements.isEmpty else { throw APIError.invalidField("vibes", "At least one vibe is required") }
        var seen: [String] = []
        for (index, element) in elements.enumerated() {
            let vibe = try body.choice(element, "vibes.\(index)", KnotVaultRules.vibes)
            guard !seen.contains(vibe) else { throw APIError.invalidField("vibes", "'\(vibe)' is listed twice") }
            seen.append(vibe)
        }
        return seen
    }

    /// Exactly one budget per occasion type.
    private static func budgets(_ body: BodyFields) throws -> [Budget] {
        let elements = try body.array("budgets", maxCount: KnotVaultRules.budgetTiers.count)
        var budgets: [Budget] = []
        for (index, element) in elements.enumerated() {
            let fields = try BodyFields(element, path: "budgets.\(index)")
            guard let type = fields.value("occasion_type") else {
                throw APIError.invalidField(fields.field("occasion_type"), "Field required")
            }
            let occasion = try fields.choice(type.value, fields.field("occasion_type"), KnotVaultRules.budgetTiers)
            guard !budgets.contains(where: { $0.occasionType == occasion }) else {
                throw APIError.invalidField("budgets", "Only one budget per occasion type; '\(occasion)' is listed twice")
            }
            let minimum = try fields.requiredInt("min_amount", in: KnotVaultRules.amountRange)
            let maximum = try fields.requiredInt("max_amount", in: KnotVaultRules.amountRange)
            guard maximum >= minimum else {
                throw APIError.invalidField(fields.field("max_amount"), "max_amount must be greater than or equal to min_amount")
            }
            let currency = try fields.optionalString("currency", maxLength: 3) ?? "USD"
            guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw APIError.invalidField(fields.field("currency"), "currency must be three capital letters (ISO 4217)")
            }
            budgets.append(Budget(occasionType: occasion, minAmount: minimum, maxAmount: maximum, currency: currency))
        }
        guard budgets.count == KnotVaultRules.budgetTiers.count else {
            throw APIError.invalidField(
                "budgets", "Exactly \(KnotVaultRules.budgetTiers.count) budgets are required, one per occasion type")
        }
        return budgets
    }

    private static func loveLanguages(_ body: BodyFields) throws -> (String, String) {
        guard let found = body.value("love_languages") else { throw APIError.invalidField("love_languages", "Field required") }
        let fields = try BodyFields(found.value, path: "love_languages")
        guard let primary = fields.value("primary") else { throw APIError.invalidField("love_languages.primary", "Field required") }
        guard let secondary = fields.value("secondary") else {
            throw APIError.invalidField("love_languages.secondary", "Field required")
        }
        let first = try fields.choice(primary.value, "love_languages.primary", KnotVaultRules.loveLanguages)
        let second = try fields.choice(secondary.value, "love_languages.secondary", KnotVaultRules.loveLanguages)
        guard first != second else {
            throw APIError.invalidField("love_languages", "Primary and secondary love languages must be different")
        }
        return (first, second)
    }

    /// At least one milestone, and at least one birthday among them.
    private static func milestones(_ body: BodyFields) throws -> [MilestoneInput] {
        let elements = try body.array("milestones", maxCount: KnotVaultRules.maxMilestones)
        let milestones = try elements.enumerated().map { index, element in try MilestoneInput(element, index: index) }
        guard !milestones.isEmpty else { throw APIError.invalidField("milestones", "At least one milestone is required") }
        guard milestones.contains(where: { $0.milestoneType == "birthday" }) else {
            throw APIError.invalidField("milestones", "At least one birthday milestone is required")
        }
        return milestones
    }
}
