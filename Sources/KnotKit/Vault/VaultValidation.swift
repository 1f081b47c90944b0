import Foundation
import HearthCore
import KnotRules

/// The server's vault validation (spec §5.2), rule for rule and in the same order, so a
/// screen can name the field to fix before anything is sent. Failures are
/// ``KnotError/invalid(field:message:)`` with the field path the server's 422 would name.
public enum VaultValidation {
    typealias Rules = KnotVaultRules

    /// The draft as the server would store it (text trimmed, defaults applied), or the
    /// first rule it breaks.
    public static func validated(_ draft: VaultDraft) throws -> VaultDraft {
        var result = draft
        result.partnerName = try required(draft.partnerName, "partner_name")
        if let tenure = draft.relationshipTenureMonths, !Rules.tenureMonths.contains(tenure) {
            throw invalid("relationship_tenure_months", "Input should be between 0 and 600")
        }
        result.cohabitationStatus = try draft.cohabitationStatus.map { try choice($0, "cohabitation_status", Rules.cohabitationStatuses) }
        result.locationCity = try optional(draft.locationCity, "location_city")
        result.locationState = try optional(draft.locationState, "location_state")
        result.locationCountry = try optional(draft.locationCountry, "location_country") ?? "US"
        result.interests = try categories(draft.interests, "interests")
        result.dislikes = try categories(draft.dislikes, "dislikes")
        if let both = result.interests.first(where: result.dislikes.contains) {
            throw invalid("dislikes", "'\(both)' cannot be both an interest and a dislike")
        }
        result.vibes = try vibes(draft.vibes)
        result.budgets = try budgets(draft.budgets)
        let primary = try choice(draft.loveLanguages.primary, "love_languages.primary", Rules.loveLanguages)
        let secondary = try choice(draft.loveLanguages.secondary, "love_languages.secondary", Rules.loveLanguages)
        guard primary != secondary else { throw invalid("love_languages", "Primary and secondary love languages must be different") }
        result.milestones = try milestones(draft.milestones)
        return result
    }

    private static func categories(_ values: [String], _ name: String) throws -> [String] {
        guard values.count <= Rules.interestCount else { throw invalid(name, "List should have at most \(Rules.interestCount) items") }
        guard values.count == Rules.interestCount else {
            throw invalid(name, "Exactly \(Rules.interestCount) \(name) are required, got \(values.count)")
        }
        var seen: [String] = []
        for (index, category) in values.enumerated() {
            guard Rules.interestCategories.contains(category) else {
                throw invalid("\(name).\(index)", "Input should be one of the 40 interest categories")
            }
            guard !seen.contains(category) else { throw invalid(name, "'\(category)' is listed twice") }
            seen.append(category)
        }
        return seen
    }

    private static func vibes(_ values: [String]) throws -> [String] {
        guard values.count <= Rules.vibes.count else { throw invalid("vibes", "List should have at most \(Rules.vibes.count) items") }
        guard !values.isEmpty else { throw invalid("vibes", "At least one vibe is required") }
        var seen: [String] = []
        for (index, value) in values.enumerated() {
            let vibe = try choice(value, "vibes.\(index)", Rules.vibes)
            guard !seen.contains(vibe) else { throw invalid("vibes", "'\(vibe)' is listed twice") }
            seen.append(vibe)
        }
        return seen
    }

    private static func budgets(_ values: [VaultDraft.Budget]) throws -> [VaultDraft.Budget] {
        let count = Rules.budgetTiers.count
        guard values.count <= count else { throw invalid("budgets", "List should have at most \(count) items") }
        var budgets: [VaultDraft.Budget] = []
        for (index, budget) in values.enumerated() {
            let path = "budgets.\(index)"
            let occasion = try choice(budget.occasionType, "\(path).occasion_type", Rules.budgetTiers)
            guard !budgets.contains(where: { $0.occasionType == occasion }) else {
                throw invalid("budgets", "Only one budget per occasion type; '\(occasion)' is listed twice")
            }
            for (amount, field) in [(budget.minAmount, "min_amount"), (budget.maxAmount, "max_amount")]
            where !Rules.amountRange.contains(amount) {
                throw invalid("\(path).\(field)", "Input should be between 0 and \(Rules.amountRange.upperBound)")
            }
            guard budget.maxAmount >= budget.minAmount else {
                throw invalid("\(path).max_amount", "max_amount must be greater than or equal to min_amount")
            }
            let currency = try optional(budget.currency, "\(path).currency", maxLength: 3) ?? "USD"
            guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw invalid("\(path).currency", "currency must be three capital letters (ISO 4217)")
            }
            budgets.append(
                VaultDraft.Budget(occasionType: occasion, minAmount: budget.minAmount, maxAmount: budget.maxAmount, currency: currency))
        }
        guard budgets.count == count else { throw invalid("budgets", "Exactly \(count) budgets are required, one per occasion type") }
        return budgets
    }

    private static func milestones(_ values: [VaultDraft.Milestone]) throws -> [VaultDraft.Milestone] {
        guard values.count <= Rules.maxMilestones else {
            throw invalid("milestones", "List should have at most \(Rules.maxMilestones) items")
        }
        let milestones = try values.enumerated().map { index, milestone in try validated(milestone, path: "milestones.\(index)") }
        guard !milestones.isEmpty else { throw invalid("milestones", "At least one milestone is required") }
        guard milestones.contains(where: { $0.milestoneType == "birthday" }) else {
            throw invalid("milestones", "At least one birthday milestone is required")
        }
        return milestones
    }

    private static func validated(_ milestone: VaultDraft.Milestone, path: String) throws -> VaultDraft.Milestone {
        let type = try choice(milestone.milestoneType, "\(path).milestone_type", Rules.milestoneTypes)
        let name = try required(milestone.milestoneName, "\(path).milestone_name")
        guard isCalendarDate(milestone.milestoneDate) else {
            throw invalid("\(path).milestone_date", "Input should be a valid date in the format YYYY-MM-DD")
        }
        let recurrence = try milestone.recurrence.map { try choice($0, "\(path).recurrence", Rules.recurrences) } ?? "yearly"
        let tier: String
        if let given = milestone.budgetTier {
            tier = try choice(given, "\(path).budget_tier", Rules.budgetTiers)
        } else if let fallback = Rules.defaultBudgetTier(for: type) {
            tier = fallback
        } else {
            throw invalid("\(path).budget_tier", "budget_tier is required for custom milestones")
        }
        return VaultDraft.Milestone(
            milestoneType: type, milestoneName: name, milestoneDate: milestone.milestoneDate, recurrence: recurrence, budgetTier: tier)
    }

    /// `YYYY-MM-DD` naming a day that exists (years 1…9999).
    public static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
            (1...9999).contains(year), (1...12).contains(month)
        else { return false }
        return (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
    }

    private static func required(_ text: String, _ field: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw invalid(field, "String should not be empty or blank") }
        guard trimmed.unicodeScalars.count <= Rules.maxTextLength else {
            throw invalid(field, "String should have at most \(Rules.maxTextLength) characters")
        }
        return trimmed
    }

    /// Trimmed; blank means not given.
    private static func optional(_ text: String?, _ field: String, maxLength: Int = Rules.maxTextLength) throws -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard trimmed.unicodeScalars.count <= maxLength else { throw invalid(field, "String should have at most \(maxLength) characters") }
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func choice(_ value: String, _ field: String, _ allowed: [String]) throws -> String {
        guard allowed.contains(value) else {
            let quoted = allowed.map { "'\($0)'" }
            throw invalid(field, "Input should be " + quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? ""))
        }
        return value
    }

    private static func invalid(_ field: String, _ message: String) -> KnotError {
        .invalid(field: field, message: message)
    }
}
