import GRPCCore
import HearthCore
import RushDayProto

/// The checks of spec §4.8 on a wizard draft's `data`: every field is optional, and a
/// present one follows §2.5. Returns the data as stored (texts trimmed, blank texts absent).
enum DraftEventInput {
    static let maxServices = 20
    static let maxServiceLength = 50
    static let steps: ClosedRange<Int32> = 0...20

    static func validated(_ data: Rushday_V1_DraftEventData) throws(RPCError) -> Rushday_V1_DraftEventData {
        var result = Rushday_V1_DraftEventData()
        if data.hasName, let name = try FieldRules.optionalText(data.name, "data.name", maximum: 200) { result.name = name }
        if data.hasType, let type = try FieldRules.optionalText(data.type, "data.type", maximum: 50) { result.type = type }
        if data.hasCustomTypeName, let name = try FieldRules.optionalText(data.customTypeName, "data.custom_type_name", maximum: 50) {
            result.customTypeName = name
        }
        let date = try TimestampInput.optional(data.date, present: data.hasDate, "data.date")
        if let date {
            guard date >= EventInput.earliestDate, date < EventInput.endOfLatestDay else {
                throw RPCFailure.invalid("data.date", "must be between 2000-01-01 and 2100-12-31")
            }
            result.date = .init(date)
        }
        if let end = try TimestampInput.optional(data.endDate, present: data.hasEndDate, "data.end_date") {
            guard end < EventInput.endOfLatestDay else { throw RPCFailure.invalid("data.end_date", "must be on or before 2100-12-31") }
            if let date, end < date { throw RPCFailure.invalid("data.end_date", "must not be before date") }
            result.endDate = .init(end)
        }
        result.isAllDay = data.isAllDay
        if data.hasVenue, let venue = try FieldRules.optionalText(data.venue, "data.venue", maximum: 500) { result.venue = venue }
        if data.hasVenueOption, let option = try FieldRules.optionalText(data.venueOption, "data.venue_option", maximum: 50) {
            result.venueOption = option
        }
        if data.hasImage, let image = try FieldRules.optionalURL(data.image, "data.image") { result.image = image }
        if data.hasGuestCountOption, let option = try FieldRules.optionalText(data.guestCountOption, "data.guest_count_option", maximum: 50) {
            result.guestCountOption = option
        }
        if data.hasBudgetAmount { result.budgetAmount = try BudgetInput.amount(data.budgetAmount, "data.budget_amount") }
        if data.hasCurrencyCode { result.currencyCode = try FieldRules.currency(data.currencyCode, "data.currency_code") }
        guard data.services.count <= maxServices else { throw RPCFailure.invalid("data.services", "at most \(maxServices) entries") }
        for (index, service) in data.services.enumerated() {
            result.services.append(try FieldRules.text(service, "data.services[\(index)]", 1...maxServiceLength))
        }
        if data.hasCustomIdea, let idea = try FieldRules.optionalText(data.customIdea, "data.custom_idea", maximum: 2000) {
            result.customIdea = idea
        }
        guard steps.contains(data.currentStep) else { throw RPCFailure.invalid("data.current_step", "must be 0–20") }
        result.currentStep = data.currentStep
        return result
    }
}
