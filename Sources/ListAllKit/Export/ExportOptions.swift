/// What an export or a share writes (spec §2.1, §2.6). Every format honours the
/// crossed-out and archived filters; JSON always writes descriptions, quantities and dates,
/// CSV always writes them too, and only plain text (and the single-list CSV share) honours
/// those three flags. Images matter only to JSON.
public struct ExportOptions: Sendable, Hashable {
    public var includeCrossedOutItems: Bool
    public var includeDescriptions: Bool
    public var includeQuantities: Bool
    public var includeDates: Bool
    /// Archived lists are exported only with this set (the exporter sees every list, §10.3).
    public var includeArchivedLists: Bool
    public var includeImages: Bool

    public init(
        includeCrossedOutItems: Bool = true, includeDescriptions: Bool = true, includeQuantities: Bool = true,
        includeDates: Bool = true, includeArchivedLists: Bool = false, includeImages: Bool = true
    ) {
        self.includeCrossedOutItems = includeCrossedOutItems
        self.includeDescriptions = includeDescriptions
        self.includeQuantities = includeQuantities
        self.includeDates = includeDates
        self.includeArchivedLists = includeArchivedLists
        self.includeImages = includeImages
    }

    /// Everything except archived lists.
    public static let `default` = ExportOptions()

    /// Nothing optional: no crossed-out items, descriptions, quantities, dates, archived lists or images.
    public static let minimal = ExportOptions(
        includeCrossedOutItems: false, includeDescriptions: false, includeQuantities: false, includeDates: false,
        includeArchivedLists: false, includeImages: false)

    /// Sharing one list: like `default` but without dates (§2.6).
    public static let shareDefault = ExportOptions(includeDates: false)

    /// Sharing one list with nothing optional (§2.6).
    public static let shareMinimal = minimal
}
