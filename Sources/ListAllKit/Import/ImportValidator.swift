/// The checks of spec §3.2, in order, stopping at the first failure: the version, then per
/// list its name and per item its title and quantity. Hearth also applies the editor's caps
/// on import (§10.9), the same the server applies to every synced document: names at most
/// 100 characters, titles 200, descriptions 50,000, quantity at most 9999, at most 10
/// pictures of at most 5 MiB per item. (An import the server would refuse would vanish
/// from the device at the next sync.)
enum ImportValidator {
    static func validate(_ document: ImportDocument) throws(ImportError) {
        if let failure = firstFailure(in: document) { throw .validationFailed(failure) }
    }

    /// The message of the first failing rule, or nil when the document is valid.
    static func firstFailure(in document: ImportDocument) -> String? {
        guard document.version == ImportDocument.supportedVersion else {
            return "Unsupported version: \(document.version)"
        }
        for list in document.lists {
            if ListAllText.isBlank(list.name) { return "List name cannot be empty" }
            if ListAllText.length(ListAllText.trimWSNL(list.name)) > ListAllValidation.maxListNameLength {
                return "List name must be \(ListAllValidation.maxListNameLength) characters or less: '\(list.name.prefix(40))…'"
            }
            for item in list.items {
                if let failure = failure(of: item, in: list.name) { return failure }
            }
        }
        return nil
    }

    private static func failure(of item: ImportedItem, in listName: String) -> String? {
        if ListAllText.isBlank(item.title) { return "Item title cannot be empty in list '\(listName)'" }
        if ListAllText.length(ListAllText.trimWSNL(item.title)) > ListAllValidation.maxItemTitleLength {
            return "Item title must be \(ListAllValidation.maxItemTitleLength) characters or less in list '\(listName)'"
        }
        if item.quantity < 0 { return "Item quantity cannot be negative in list '\(listName)'" }
        if item.quantity > ListAllValidation.quantityRange.upperBound {
            return "Item quantity cannot exceed \(ListAllValidation.quantityRange.upperBound) in list '\(listName)'"
        }
        let limit = ListAllValidation.maxItemDescriptionLength
        // A grapheme is at least one byte, so only long texts need counting.
        if item.description.utf8.count > limit, ListAllText.length(item.description) > limit {
            return "Item description must be 50,000 characters or less in list '\(listName)'"
        }
        // Only pictures with valid data are imported (§3.6); the size is read from the base64 length.
        let pictures = item.images.filter { !$0.imageData.isEmpty }
        if pictures.count > ListAllValidation.maxImagesPerItem, pictures.compactMap(\.decodedData).count > ListAllValidation.maxImagesPerItem {
            return "Item '\(item.title)' has more than \(ListAllValidation.maxImagesPerItem) images in list '\(listName)'"
        }
        if pictures.contains(where: { $0.imageData.utf8.count / 4 * 3 > ListAllValidation.maxImageBytes && ($0.decodedData?.count ?? 0) > ListAllValidation.maxImageBytes }) {
            return "Image size must be 5MB or less (item '\(item.title)' in list '\(listName)')"
        }
        return nil
    }
}
