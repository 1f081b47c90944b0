import GRPCCore
import HearthCore
import SwiftProtobuf

/// The request-only checks of expenses, payments and the planned budget (spec §2.5,
/// §4.7).
enum BudgetInput {
    static let maxBudgetsPerEvent = 500
    static let maxPaymentsPerBudget = 100
    static let maxAmount: Int64 = 10_000_000_000_000
    static let maxSymbolLength = 8

    static func title(_ value: String) throws(RPCError) -> String { try FieldRules.text(value, "title", 1...200) }

    static func notes(_ value: String?) throws(RPCError) -> String? { try FieldRules.optionalText(value, "notes", maximum: 2000) }

    /// `total_amount`, `planned_budget`, a vendor's `price`: 0…10¹³ minor units.
    static func amount(_ value: Int64, _ field: String) throws(RPCError) -> Int64 {
        guard (0...maxAmount).contains(value) else { throw RPCFailure.invalid(field, "must be 0…\(maxAmount) minor units") }
        return value
    }

    /// A payment's `amount`: 1…10¹³ minor units.
    static func paymentAmount(_ value: Int64) throws(RPCError) -> Int64 {
        guard (1...maxAmount).contains(value) else { throw RPCFailure.invalid("amount", "must be 1…\(maxAmount) minor units") }
        return value
    }

    /// A key of the §4.7.1 vocabulary; "" is uncategorised (`nil`), anything else is refused.
    static func category(_ value: String, _ field: String = "category") throws(RPCError) -> ExpenseCategory? {
        if value.isEmpty { return nil }
        guard let category = ExpenseCategory(rawValue: value) else {
            throw RPCFailure.invalid(field, "must be one of \(ExpenseCategory.allCases.map(\.key).joined(separator: ", "))")
        }
        return category
    }

    /// `currency_symbol`: at most 8 characters; "" → derived from the code (`nil`).
    static func symbol(_ value: String) throws(RPCError) -> String? {
        let trimmed = try FieldRules.text(value, "currency_symbol", 0...maxSymbolLength)
        return trimmed.isEmpty ? nil : trimmed
    }
}
