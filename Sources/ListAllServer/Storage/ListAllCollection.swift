import HearthCore

/// The collections ListAll syncs. Every document belongs to one person alone, and its id
/// is the entity's UUID (upper-case canonical text), unique within that person's data.
public enum ListAllCollection: String, CaseIterable, Sendable {
    case lists, items, images, preferences

    /// The largest `data` accepted: an image carries up to 5 MiB of picture as base64.
    var maxDocumentBytes: Int {
        switch self {
        case .images: ListAllLimits.maxImageBytes / 3 * 4 + 64 * 1024
        case .items: 1024 * 1024
        case .lists, .preferences: 64 * 1024
        }
    }

    /// The collection a document of this one hangs from, and the field naming it.
    var parent: (collection: ListAllCollection, field: String)? {
        switch self {
        case .items: (.lists, "listId")
        case .images: (.items, "itemId")
        case .lists, .preferences: nil
        }
    }

    /// The collection hanging from this one.
    var child: ListAllCollection? { Self.allCases.first { $0.parent?.collection == self } }

    /// The one id of the `preferences` document of each person.
    static let preferencesID = "preferences"
}

/// The limits of spec §1.3 and §1.7 (with §10.9's quantity cap), as the server enforces them.
enum ListAllLimits {
    static let maxNameLength = 100
    static let maxTitleLength = 200
    static let maxDescriptionLength = 50_000
    static let maxQuantity = 9_999
    static let maxImagesPerItem = 10
    static let maxImageBytes = 5 * 1024 * 1024
}

extension HearthErrorCode {
    /// An item's list, or an image's item, is not one of the caller's live documents.
    static let parentNotFound = HearthErrorCode("PARENT_NOT_FOUND")
    static let tooManyImages = HearthErrorCode("TOO_MANY_IMAGES")
    static let invalidID = HearthErrorCode("INVALID_ID")
}
