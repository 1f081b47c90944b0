import HearthCore

/// The saved form of `ListAllPreferences` (spec §1.4, saved in full per §10.5): a JSON
/// object `{"showCrossedOutItems": Bool, "exportPreferences": {...}}` where the sort,
/// direction and filter travel inside `exportPreferences` under `defaultSortOption`,
/// `defaultSortDirection` and `defaultFilterOption`, as their raw values.
public enum PreferencesDocument {
    public static let showCrossedOutItemsKey = "showCrossedOutItems"
    public static let exportPreferencesKey = "exportPreferences"
    public static let sortKey = "defaultSortOption"
    public static let directionKey = "defaultSortDirection"
    public static let filterKey = "defaultFilterOption"

    public static func encode(_ preferences: ListAllPreferences) -> JSONValue {
        .object([
            showCrossedOutItemsKey: .bool(preferences.showCrossedOutItems),
            exportPreferencesKey: mergedExportPreferences(preferences),
        ])
    }

    /// Reads what `encode` wrote; anything missing or unknown keeps its default.
    public static func decode(_ document: JSONValue) -> ListAllPreferences {
        var preferences = splitExportPreferences(document[exportPreferencesKey])
        if let show = document[showCrossedOutItemsKey]?.boolValue { preferences.showCrossedOutItems = show }
        return preferences
    }

    /// The export choices with the three organisation values merged in (the write path).
    public static func mergedExportPreferences(_ preferences: ListAllPreferences) -> JSONValue {
        var object = preferences.exportPreferences?.objectValue ?? [:]
        object[sortKey] = .string(preferences.defaultSortOption.rawValue)
        object[directionKey] = .string(preferences.defaultSortDirection.rawValue)
        object[filterKey] = .string(preferences.defaultFilterOption.rawValue)
        return .object(object)
    }

    /// Reads the organisation values out of a stored export-preferences object and strips
    /// them; what remains becomes `exportPreferences`, `nil` when nothing does (the read path).
    /// `showCrossedOutItems` is left at its default.
    public static func splitExportPreferences(_ stored: JSONValue?) -> ListAllPreferences {
        var preferences = ListAllPreferences()
        guard var object = stored?.objectValue else { return preferences }
        if let sort = object[sortKey]?.stringValue.flatMap(ItemSortOption.init(rawValue:)) {
            preferences.defaultSortOption = sort
        }
        if let direction = object[directionKey]?.stringValue.flatMap(SortDirection.init(rawValue:)) {
            preferences.defaultSortDirection = direction
        }
        if let filter = object[filterKey]?.stringValue.flatMap(ItemFilterOption.init(rawValue:)) {
            preferences.defaultFilterOption = filter
        }
        for key in [sortKey, directionKey, filterKey] { object[key] = nil }
        preferences.exportPreferences = object.isEmpty ? nil : .object(object)
        return preferences
    }
}
