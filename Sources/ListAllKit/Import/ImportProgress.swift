/// How far an import has come (spec §3.7), reported after or before each list and item.
public struct ImportProgress: Sendable, Hashable {
    public var totalLists: Int
    public var processedLists: Int
    public var totalItems: Int
    public var processedItems: Int
    public var currentOperation: String

    public init(
        totalLists: Int, processedLists: Int, totalItems: Int, processedItems: Int, currentOperation: String = ""
    ) {
        self.totalLists = totalLists
        self.processedLists = processedLists
        self.totalItems = totalItems
        self.processedItems = processedItems
        self.currentOperation = currentOperation
    }

    /// Processed lists and items over all lists and items; 0 when there are none.
    public var overallProgress: Double {
        let total = totalLists + totalItems
        return total == 0 ? 0 : Double(processedLists + processedItems) / Double(total)
    }

    /// ⌊overall × 100⌋, computed on integers so that 29 of 100 is 29, not 28.
    public var percentage: Int {
        let total = totalLists + totalItems
        return total == 0 ? 0 : (processedLists + processedItems) * 100 / total
    }
}
