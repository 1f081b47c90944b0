/// Why a value was refused by the ListAll editing rules (spec §1.3, §1.7); `message` is the
/// text the app shows.
public enum ListAllValidationError: Error, Sendable, Hashable {
    case listNameEmpty
    case listNameTooLong
    case itemTitleEmpty
    case itemTitleTooLong
    case itemDescriptionTooLong
    case itemQuantityTooSmall
    case itemQuantityTooLarge
    case imageDataRequired
    case imageTooLarge
    case tooManyImages

    public var message: String {
        switch self {
        case .listNameEmpty: "Please enter a list name"
        case .listNameTooLong: "List name must be 100 characters or less"
        case .itemTitleEmpty: "Item title cannot be empty"
        case .itemTitleTooLong: "Item title must be 200 characters or less"
        case .itemDescriptionTooLong: "Item description must be 50,000 characters or less"
        case .itemQuantityTooSmall: "Item quantity must be at least 1"
        case .itemQuantityTooLarge: "Item quantity must be 9999 or less"
        case .imageDataRequired: "Image data is required"
        case .imageTooLarge: "Image size must be 5MB or less"
        case .tooManyImages: "An item can have at most 10 images"
        }
    }
}

extension ListAllValidationError: CustomStringConvertible {
    public var description: String { message }
}
