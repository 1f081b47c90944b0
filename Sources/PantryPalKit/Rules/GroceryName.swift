import Foundation

/// Spec §2.7: grocery entries are unique per household by their normalized name — trimmed,
/// lower-cased, whitespace runs collapsed to one space.
public enum GroceryName {
    public static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
