/// The grocery list's identity of a name: trimmed, lower-case, whitespace runs collapsed
/// to one space (spec §2.7), so "  Whole  Milk" and "whole milk" are one entry.
enum GroceryName {
    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
