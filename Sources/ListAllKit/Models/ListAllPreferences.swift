import Foundation
import HearthCore

/// How items are sorted (spec §1.4); raw values are the persisted ones.
public enum ItemSortOption: String, Sendable, Hashable, CaseIterable, Codable {
    case orderNumber = "Order"
    case title = "Title"
    case createdAt = "Created Date"
    case modifiedAt = "Modified Date"
    case quantity = "Quantity"
}

/// Which items are shown (spec §1.4, §4.3).
public enum ItemFilterOption: String, Sendable, Hashable, CaseIterable, Codable {
    case all = "All Items"
    case active = "Active Only"
    case completed = "Crossed Out Only"
    case hasDescription = "With Description"
    case hasImages = "With Images"
}

public enum SortDirection: String, Sendable, Hashable, CaseIterable, Codable {
    case ascending = "Ascending"
    case descending = "Descending"
}

/// The person's saved choices (UserData, spec §1.4): how items are shown and how exports
/// are made. Hearth saves sort, direction and filter too (§10.5).
public struct ListAllPreferences: Sendable, Hashable {
    public var showCrossedOutItems: Bool
    public var defaultSortOption: ItemSortOption
    public var defaultSortDirection: SortDirection
    public var defaultFilterOption: ItemFilterOption
    /// Export choices, a JSON object as the original stores it; `nil` when none.
    public var exportPreferences: JSONValue?

    public init(
        showCrossedOutItems: Bool = false, defaultSortOption: ItemSortOption = .orderNumber,
        defaultSortDirection: SortDirection = .ascending, defaultFilterOption: ItemFilterOption = .active,
        exportPreferences: JSONValue? = nil
    ) {
        self.showCrossedOutItems = showCrossedOutItems
        self.defaultSortOption = defaultSortOption
        self.defaultSortDirection = defaultSortDirection
        self.defaultFilterOption = defaultFilterOption
        self.exportPreferences = exportPreferences
    }
}
