import HearthCore
import HearthServer
import KnotRules

/// One milestone of a vault request (spec §5.2), validated, with its budget tier resolved.
///
/// Both key spellings are accepted (Hearth decision 1): `milestone_type`/`milestone_name`/
/// `milestone_date` and the short `type`/`name`/`date`; the long one wins when both are sent.
struct MilestoneInput: Sendable, Hashable {
    var milestoneType: String
    var milestoneName: String
    var milestoneDate: CalendarDate
    var recurrence: String
    var budgetTier: String

    init(milestoneType: String, milestoneName: String, milestoneDate: CalendarDate, recurrence: String, budgetTier: String) {
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }

    init(_ value: JSONValue, index: Int) throws {
        let fields = try BodyFields(value, path: "milestones.\(index)")
        guard let type = fields.value("milestone_type", "type") else {
            throw APIError.invalidField(fields.field("milestone_type"), "Field required")
        }
        milestoneType = try fields.choice(type.value, fields.field(type.name), KnotVaultRules.milestoneTypes)
        milestoneName = try fields.requiredString("milestone_name", "name", maxLength: KnotVaultRules.maxTextLength)
        guard let date = fields.value("milestone_date", "date") else {
            throw APIError.invalidField(fields.field("milestone_date"), "Field required")
        }
        guard let text = date.value.stringValue, let parsed = CalendarDate(text) else {
            throw APIError.invalidField(fields.field(date.name), "Input should be a valid date in the format YYYY-MM-DD")
        }
        milestoneDate = parsed
        // [DECISION] A missing recurrence means `yearly`, what every quick-add sends.
        recurrence = try fields.optionalChoice("recurrence", KnotVaultRules.recurrences) ?? "yearly"
        if let tier = try fields.optionalChoice("budget_tier", KnotVaultRules.budgetTiers) {
            budgetTier = tier
        } else if let tier = KnotVaultRules.defaultBudgetTier(for: milestoneType) {
            budgetTier = tier
        } else {
            throw APIError.invalidField(fields.field("budget_tier"), "budget_tier is required for custom milestones")
        }
    }
}
