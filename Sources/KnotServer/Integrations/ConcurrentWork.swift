/// Runs one piece of work per element at once and returns the results in the elements'
/// order: how the integrations fan out their calls.
///
/// Each child returns an ``Indexed`` struct rather than an `(Int, Output)` tuple: release
/// builds of Swift 6.3 were seen to hand back a garbage index from tuple results of a
/// task group in this module, which crashed the aggregator.
enum ConcurrentWork {
    struct Indexed<Output: Sendable>: Sendable {
        let index: Int
        let output: Output
    }

    static func inOrder<Element: Sendable, Output: Sendable>(
        _ elements: [Element], _ operation: @escaping @Sendable (Element) async -> Output
    ) async -> [Output] {
        await withTaskGroup(of: Indexed<Output>.self) { group in
            for (index, element) in elements.enumerated() {
                group.addTask { Indexed(index: index, output: await operation(element)) }
            }
            var slots = [Output?](repeating: nil, count: elements.count)
            while let next = await group.next() {
                if slots.indices.contains(next.index) { slots[next.index] = next.output }
            }
            return slots.compactMap { $0 }
        }
    }
}
