import Foundation

/// The application-level limits of spec §1.3 and §1.7 (with Hearth's quantity cap, §10.9).
/// Each check returns the value as it is stored: names, titles and descriptions trimmed.
/// Lengths count grapheme clusters (§0).
public enum ListAllValidation {
    public static let maxListNameLength = 100
    public static let maxItemTitleLength = 200
    public static let maxItemDescriptionLength = 50_000
    public static let quantityRange = 1...9999
    public static let maxImagesPerItem = 10
    /// 5 MiB.
    public static let maxImageBytes = 5 * 1024 * 1024

    /// The list name trimmed of whitespace and newlines.
    public static func listName(_ name: String) throws(ListAllValidationError) -> String {
        let trimmed = ListAllText.trimWSNL(name)
        if trimmed.isEmpty { throw .listNameEmpty }
        if ListAllText.length(trimmed) > maxListNameLength { throw .listNameTooLong }
        return trimmed
    }

    /// The item title trimmed of whitespace and newlines.
    public static func itemTitle(_ title: String) throws(ListAllValidationError) -> String {
        let trimmed = ListAllText.trimWSNL(title)
        if trimmed.isEmpty { throw .itemTitleEmpty }
        if ListAllText.length(trimmed) > maxItemTitleLength { throw .itemTitleTooLong }
        return trimmed
    }

    /// The description trimmed of whitespace and newlines; `nil` when nothing remains.
    public static func itemDescription(_ description: String?) throws(ListAllValidationError) -> String? {
        let trimmed = normalizedDescription(description)
        if let trimmed, ListAllText.length(trimmed) > maxItemDescriptionLength { throw .itemDescriptionTooLong }
        return trimmed
    }

    /// A description as it is stored and compared: trimmed, and `nil` when blank.
    public static func normalizedDescription(_ description: String?) -> String? {
        guard let description else { return nil }
        let trimmed = ListAllText.trimWSNL(description)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A quantity the editor accepts: 1…9999.
    public static func itemQuantity(_ quantity: Int) throws(ListAllValidationError) -> Int {
        if quantity < quantityRange.lowerBound { throw .itemQuantityTooSmall }
        if quantity > quantityRange.upperBound { throw .itemQuantityTooLarge }
        return quantity
    }

    /// Picture bytes that may be attached to an item that already has `existingCount` pictures.
    public static func imageData(_ data: Data?, existingCount: Int) throws(ListAllValidationError) -> Data {
        guard let data, !data.isEmpty else { throw .imageDataRequired }
        if data.count > maxImageBytes { throw .imageTooLarge }
        if existingCount >= maxImagesPerItem { throw .tooManyImages }
        return data
    }
}
