import Foundation

/// Positions of the active lists (spec §4.1). A change renumbers every active list 0…n−1
/// in the new order and touches each of them.
extension ListAllLibrary {
    /// Takes the active list at position `source` (0 = top) and puts it at `destination`.
    /// Positions out of range, or equal, change nothing; returns whether anything moved.
    @discardableResult
    public mutating func reorderLists(from source: Int, to destination: Int, now: Date) -> Bool {
        var ordered = activeLists
        guard ordered.indices.contains(source), ordered.indices.contains(destination), source != destination else {
            return false
        }
        ordered.insert(ordered.remove(at: source), at: destination)
        for (position, list) in ordered.enumerated() {
            guard let index = index(of: list.id) else { continue }
            lists[index].orderNumber = position
            lists[index].modifiedAt = now
        }
        return true
    }

    /// A drag in the list overview, with SwiftUI's insert-before `offset`: the list shown at
    /// `source` lands where the list shown at `offset` (one less when dragging down) was.
    @discardableResult
    public mutating func moveList(from source: Int, toOffset offset: Int, now: Date) -> Bool {
        let shown = activeLists
        guard shown.indices.contains(source) else { return false }
        let destination = Self.dropIndex(from: source, toOffset: offset)
        let target = shown.indices.contains(destination) ? shown[destination] : shown.last
        let targetIndex = target.flatMap { target in shown.firstIndex { $0.id == target.id } } ?? shown.count - 1
        guard targetIndex != source else { return false }
        return reorderLists(from: source, to: targetIndex, now: now)
    }

    /// SwiftUI's `onMove` offset counts positions before the move; the index the moved row
    /// ends at is one less when it travels down.
    static func dropIndex(from source: Int, toOffset offset: Int) -> Int {
        offset > source ? offset - 1 : offset
    }
}
