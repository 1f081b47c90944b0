/// The checks of spec §3.2, in order, stopping at the first failure: the version, then per
/// list its name and per item its title and quantity. Hearth also applies the editor's caps
/// on import (§10.9): quantity at most 9999, description at most 50,000 characters.
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
            for item in list.items {
                if let failure = failure(of: item, in: list.name) { return failure }
            }
        }
        return nil
    }

    private static func failure(of item: ImportedItem, in listName: String) -> String? {
        if ListAllText.isBlank(item.title) { return "Item title cannot be empty in list '\(listName)'" }
        if item.quantity < 0 { return "Item quantity cannot be negative in list '\(listName)'" }
        if item.quantity > ListAllValidation.quantityRange.upperBound {
            return "Item quantity cannot exceed \(ListAllValidation.quantityRange.upperBound) in list '\(listName)'"
        }
        let limit = ListAllValidation.maxItemDescriptionLength
        // A grapheme is at least one byte, so only long texts need counting.
        if item.description.utf8.count > limit, ListAllText.length(item.description) > limit {
            return "Item description must be 50,000 characters or less in list '\(listName)'"
        }
        return nil
    }
}
