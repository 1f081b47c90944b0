/// A mark document (`mark:{uuid}`, spec §7.4): a viewer saying "I'll bring this".
/// Hidden from the wishlist owner (surprise mode). Unmarking pushes it with `_deleted: true`.
public struct Mark: WishDocument {
    public static let documentType = WishDocumentType.mark

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    public var itemID: String
    public var wishlistID: String
    /// The **wishlist owner's** id, used to hide the mark from them.
    public var ownerID: String
    /// The viewer who marked the item.
    public var markedBy: String
    /// At least 1.
    public var quantity: Int
    /// The wishlist's `access` minus its owner.
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.mark.newID(), revision: String? = nil, isDeleted: Bool = false,
        itemID: String, wishlistID: String, ownerID: String, markedBy: String, quantity: Int = 1,
        access: [String] = [], createdAt: String, updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.itemID = itemID
        self.wishlistID = wishlistID
        self.ownerID = ownerID
        self.markedBy = markedBy
        self.quantity = quantity
        self.access = access
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case itemID = "item_id", wishlistID = "wishlist_id", ownerID = "owner_id", markedBy = "marked_by"
        case quantity, access, createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id`, `item_id`, `wishlist_id`, `owner_id`, `marked_by`, `created_at` (spec §4.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        itemID = try container.required(.itemID)
        wishlistID = try container.required(.wishlistID)
        ownerID = try container.required(.ownerID)
        markedBy = try container.required(.markedBy)
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        quantity = container.quantity(.quantity)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encode(itemID, forKey: .itemID)
        try container.encode(wishlistID, forKey: .wishlistID)
        try container.encode(ownerID, forKey: .ownerID)
        try container.encode(markedBy, forKey: .markedBy)
        try container.encode(quantity, forKey: .quantity)
    }
}
