import Foundation

/// Why a picture cannot be attached to an item (spec §1.3 limits).
public enum ItemImageLimitError: Error, Sendable, Hashable {
    case dataRequired
    case tooLarge(bytes: Int)
    case tooManyImages

    public var message: String {
        switch self {
        case .dataRequired: "Image data is required"
        case .tooLarge: "Image size must be 5MB or less"
        case .tooManyImages: "An item can have at most \(ItemImageLimits.maximumImagesPerItem) images"
        }
    }
}

/// At most 10 images per item, each with data of at most 5 MiB.
public enum ItemImageLimits {
    public static let maximumImagesPerItem = 10
    /// 5 MiB.
    public static let maximumImageBytes = 5_242_880

    /// Whether `data` may become an image of an item that has `existingCount` images.
    public static func check(_ data: Data?, existingCount: Int) -> ItemImageLimitError? {
        guard let data, !data.isEmpty else { return .dataRequired }
        guard data.count <= maximumImageBytes else { return .tooLarge(bytes: data.count) }
        guard existingCount < maximumImagesPerItem else { return .tooManyImages }
        return nil
    }
}
