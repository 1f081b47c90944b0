/// An item document (`item:{uuid}`, spec §7.3): one wish inside a wishlist.
public struct WishlistItem: WishDocument {
    public static let documentType = WishDocumentType.item

    public var id: String
    public var revision: String?
    public var isDeleted: Bool
    /// Immutable after creation.
    public var wishlistID: String
    /// The wishlist owner's id (not necessarily the editor's). Immutable.
    public var ownerID: String
    public var title: String
    public var description: String?
    public var price: Double?
    /// ISO 4217 code such as `RUB`.
    public var currency: String?
    /// How many of this the owner wants; at least 1.
    public var quantity: Int
    /// The shop page the item was added from; resolution reads it.
    public var sourceURL: String?
    public var imageURL: String?
    /// A `data:` URL.
    public var imageBase64: String?
    public var status: ItemStatus
    /// Written by the resolver, 0…1.
    public var resolveConfidence: Double?
    /// Free text from the resolver, not a code.
    public var resolveError: String?
    public var resolvedAt: String?
    /// A copy of the wishlist's `access`.
    public var access: [String]
    public var createdAt: String
    public var updatedAt: String?

    public init(
        id: String = WishDocumentType.item.newID(), revision: String? = nil, isDeleted: Bool = false,
        wishlistID: String, ownerID: String, title: String, description: String? = nil, price: Double? = nil,
        currency: String? = nil, quantity: Int = 1, sourceURL: String? = nil, imageURL: String? = nil,
        imageBase64: String? = nil, status: ItemStatus? = nil, resolveConfidence: Double? = nil,
        resolveError: String? = nil, resolvedAt: String? = nil, access: [String] = [], createdAt: String,
        updatedAt: String? = nil
    ) {
        self.id = id
        self.revision = revision
        self.isDeleted = isDeleted
        self.wishlistID = wishlistID
        self.ownerID = ownerID
        self.title = title
        self.description = description
        self.price = price
        self.currency = currency
        self.quantity = quantity
        self.sourceURL = sourceURL
        self.imageURL = imageURL
        self.imageBase64 = imageBase64
        self.status = status ?? Self.defaultStatus(sourceURL: sourceURL)
        self.resolveConfidence = resolveConfidence
        self.resolveError = resolveError
        self.resolvedAt = resolvedAt
        self.access = access
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The status of an item that does not state one: an item with a URL still needs
    /// resolving, a manual one is final.
    public static func defaultStatus(sourceURL: String?) -> ItemStatus {
        sourceURL == nil ? .resolved : .pending
    }

    enum CodingKeys: String, DocumentCodingKey {
        case id = "_id", revision = "_rev", isDeleted = "_deleted", type
        case wishlistID = "wishlist_id", ownerID = "owner_id", title, description, price, currency, quantity
        case sourceURL = "source_url", imageURL = "image_url", imageBase64 = "image_base64", status
        case resolveConfidence = "resolve_confidence", resolveError = "resolve_error", resolvedAt = "resolved_at"
        case access, createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Requires `_id`, `wishlist_id`, `owner_id`, `title`, `created_at` (spec §4.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let envelope = try container.envelope(of: Self.documentType)
        id = envelope.id
        wishlistID = try container.required(.wishlistID)
        ownerID = try container.required(.ownerID)
        title = try container.required(.title)
        createdAt = envelope.createdAt
        revision = envelope.revision
        isDeleted = envelope.isDeleted
        description = container.optional(.description)
        price = container.optional(.price)
        currency = container.optional(.currency)
        quantity = container.quantity(.quantity)
        sourceURL = container.optional(.sourceURL)
        imageURL = container.optional(.imageURL)
        imageBase64 = container.optional(.imageBase64)
        status = container.optional(.status) ?? Self.defaultStatus(sourceURL: sourceURL)
        resolveConfidence = container.optional(.resolveConfidence)
        resolveError = container.optional(.resolveError)
        resolvedAt = container.optional(.resolvedAt)
        access = envelope.access
        updatedAt = envelope.updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeEnvelope(of: self)
        try container.encode(wishlistID, forKey: .wishlistID)
        try container.encode(ownerID, forKey: .ownerID)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encode(quantity, forKey: .quantity)
        try container.encodeIfPresent(sourceURL, forKey: .sourceURL)
        try container.encodeIfPresent(imageURL, forKey: .imageURL)
        try container.encodeIfPresent(imageBase64, forKey: .imageBase64)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(resolveConfidence, forKey: .resolveConfidence)
        try container.encodeIfPresent(resolveError, forKey: .resolveError)
        try container.encodeIfPresent(resolvedAt, forKey: .resolvedAt)
    }
}
