import Foundation

/// What an import reads, whatever the format: the §2.2 export document. The text parsers
/// produce one too (with new ids, dates set to now and version "1.0").
public struct ImportDocument: Sendable, Hashable {
    public static let supportedVersion = "1.0"

    public var version: String
    public var exportDate: Date
    public var lists: [ImportedList]

    public init(version: String = ImportDocument.supportedVersion, exportDate: Date, lists: [ImportedList]) {
        self.version = version
        self.exportDate = exportDate
        self.lists = lists
    }

    public var itemCount: Int { lists.reduce(0) { $0 + $1.items.count } }
}

public struct ImportedList: Sendable, Hashable {
    public var id: UUID
    public var name: String
    public var orderNumber: Int
    public var isArchived: Bool
    public var createdAt: Date
    public var modifiedAt: Date
    public var items: [ImportedItem]

    public init(
        id: UUID, name: String, orderNumber: Int, isArchived: Bool = false, createdAt: Date, modifiedAt: Date,
        items: [ImportedItem] = []
    ) {
        self.id = id
        self.name = name
        self.orderNumber = orderNumber
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.items = items
    }
}

public struct ImportedItem: Sendable, Hashable {
    public var id: UUID
    public var title: String
    /// "" when the item has none (the export writes nil as "").
    public var description: String
    public var quantity: Int
    public var orderNumber: Int
    public var isCrossedOut: Bool
    public var createdAt: Date
    public var modifiedAt: Date
    public var images: [ImportedImage]

    public init(
        id: UUID, title: String, description: String = "", quantity: Int = 1, orderNumber: Int,
        isCrossedOut: Bool = false,
        createdAt: Date, modifiedAt: Date, images: [ImportedImage] = []
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.quantity = quantity
        self.orderNumber = orderNumber
        self.isCrossedOut = isCrossedOut
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.images = images
    }

    /// The description as stored: "" becomes nil.
    var storedDescription: String? { description.isEmpty ? nil : description }
}

public struct ImportedImage: Sendable, Hashable {
    public var id: UUID
    /// Standard base64 as written by the export; "" when there are no bytes.
    public var imageData: String
    public var orderNumber: Int
    public var createdAt: Date

    public init(id: UUID, imageData: String, orderNumber: Int, createdAt: Date) {
        self.id = id
        self.imageData = imageData
        self.orderNumber = orderNumber
        self.createdAt = createdAt
    }

    /// The bytes when `imageData` is strict, non-empty base64 (§3.6); nil otherwise.
    public var decodedData: Data? { ImportBase64.decode(imageData) }
}
