import Foundation

/// A picture attached to an item (spec §1.3).
public struct ItemImage: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var imageData: Data?
    public var orderNumber: Int
    public var itemId: UUID?
    public var createdAt: Date

    public init(id: UUID = UUID(), imageData: Data? = nil, orderNumber: Int = 0, itemId: UUID? = nil, createdAt: Date) {
        self.id = id
        self.imageData = imageData
        self.orderNumber = orderNumber
        self.itemId = itemId
        self.createdAt = createdAt
    }

    /// The data is present and not empty (also what `validate()` checks).
    public var hasImageData: Bool { !(imageData?.isEmpty ?? true) }
    public func validate() -> Bool { hasImageData }

    /// The byte count, 0 without data.
    public var imageSize: Int { imageData?.count ?? 0 }

    /// `500 B`, `1.5 KB`, `1.4 MB`: one decimal above a kilobyte.
    public var formattedSize: String { Self.formattedSize(imageSize) }

    public static func formattedSize(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1_048_576 { return oneDecimal(Double(bytes) / 1024) + " KB" }
        return oneDecimal(Double(bytes) / 1_048_576) + " MB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
