/// What an export contains (spec §2.1), common to every format: lists in ascending
/// `orderNumber` (archived ones only with `includeArchivedLists`), each list's items in
/// ascending `orderNumber` (crossed-out ones only with `includeCrossedOutItems`).
enum ExportSelection {
    static func lists(of library: ListAllLibrary, options: ExportOptions) -> [ItemList] {
        library.lists
            .filter { options.includeArchivedLists || !$0.isArchived }
            .stableSorted { $0.orderNumber < $1.orderNumber }
    }

    static func items(of list: ItemList, options: ExportOptions) -> [ListItem] {
        let sorted = list.sortedItems
        return options.includeCrossedOutItems ? sorted : sorted.filter { !$0.isCrossedOut }
    }

    /// Images in ascending `orderNumber`, or none without `includeImages`.
    static func images(of item: ListItem, options: ExportOptions) -> [ItemImage] {
        options.includeImages ? item.sortedImages : []
    }
}
