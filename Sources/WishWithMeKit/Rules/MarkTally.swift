/// How much of an item is already promised by viewers' marks (spec §7.3 "available
/// quantity", §10 decision 8: the total may not exceed the item's quantity).
///
/// Only live marks of this item count; deleted marks and marks of other items are ignored,
/// so the view model can pass every mark it holds.
public struct MarkTally: Sendable, Hashable {
    /// The item's wanted quantity.
    public let wanted: Int
    /// Sum of `quantity` over the item's live marks.
    public let totalMarked: Int
    /// What the viewer marked themselves (0 without a viewer).
    public let markedByViewer: Int

    public init(item: WishlistItem, marks: [Mark], viewerID: String? = nil) {
        let live = marks.filter { $0.itemID == item.id && !$0.isDeleted }
        wanted = item.quantity
        totalMarked = live.reduce(0) { $0 + $1.quantity }
        markedByViewer = viewerID.map { viewer in
            live.filter { $0.markedBy == viewer }.reduce(0) { $0 + $1.quantity }
        } ?? 0
    }

    /// How many are still free to mark; never below 0 (legacy data can over-mark).
    public var available: Int { max(wanted - totalMarked, 0) }

    public var isFullyMarked: Bool { available == 0 }

    /// Whether someone other than the viewer marked part of the item.
    public var isMarkedByOthers: Bool { totalMarked > markedByViewer }

    /// Whether the viewer may raise their own marked quantity from ``markedByViewer`` to
    /// `newQuantity` without the total exceeding the wanted quantity (the server answers
    /// such a push with the conflict `Item fully marked`).
    public func allowsViewerQuantity(_ newQuantity: Int) -> Bool {
        guard newQuantity >= 0 else { return false }
        return totalMarked - markedByViewer + newQuantity <= wanted
    }
}
