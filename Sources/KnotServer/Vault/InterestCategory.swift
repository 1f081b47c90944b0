import Foundation

/// Server-side facts about the interest categories (the list itself is
/// `KnotVaultRules.interestCategories`).
enum InterestCategory {
    /// The image slug of a category: `Board Games` → `interest-board-games`.
    static func imageSlug(_ category: String) -> String {
        "interest-" + category.lowercased().replacingOccurrences(of: " ", with: "-")
    }
}
