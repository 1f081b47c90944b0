import Foundation

/// An item of a list (spec §1.2). Equality compares every field.
public struct ListItem: Sendable, Hashable, Identifiable {
    public static let untitled = "Untitled Item"

    public var id: UUID
    public var title: String
    /// `nil` when there is none; an empty description is stored as `nil`.
    public var itemDescription: String?
    public var quantity: Int
    /// 0-based position in its list.
    public var orderNumber: Int
    /// "Completed".
    public var isCrossedOut: Bool
    public var createdAt: Date
    public var modifiedAt: Date
    public var listId: UUID?
    public var images: [ItemImage]

    public init(
        id: UUID = UUID(), title: String, itemDescription: String? = nil, quantity: Int = 1, orderNumber: Int = 0,
        isCrossedOut: Bool = false, createdAt: Date, modifiedAt: Date? = nil, listId: UUID? = nil, images: [ItemImage] = []
    ) {
        self.id = id
        self.title = title
        self.itemDescription = itemDescription
        self.quantity = quantity
        self.orderNumber = orderNumber
        self.isCrossedOut = isCrossedOut
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
        self.listId = listId
        self.images = images
    }

    public var sortedImages: [ItemImage] { images.stableSorted { $0.orderNumber < $1.orderNumber } }
    public var imageCount: Int { images.count }
    public var hasImages: Bool { !images.isEmpty }

    /// "Untitled Item" when the title is blank.
    public var displayTitle: String { ListAllText.isBlank(title) ? Self.untitled : title }
    /// The description trimmed of whitespace and newlines, or "".
    public var displayDescription: String { ListAllText.trimWSNL(itemDescription ?? "") }
    public var hasDescription: Bool { !displayDescription.isEmpty }
    /// "" for a quantity of 1, otherwise `<n>x`.
    public var formattedQuantity: String { quantity == 1 ? "" : "\(quantity)x" }

    /// A non-blank title and a quantity above 0.
    public func validate() -> Bool { !ListAllText.isBlank(title) && quantity > 0 }

    /// Flips the crossed-out flag and touches the item.
    public mutating func toggleCrossedOut(now: Date) {
        isCrossedOut.toggle()
        modifiedAt = now
    }
}
