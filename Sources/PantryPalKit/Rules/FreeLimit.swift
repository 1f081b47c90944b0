/// Spec §3.2 and W17: a household without premium holds at most 25 inventory rows and 25
/// grocery entries. Only a new row counts; topping up an existing row is always allowed.
public enum FreeLimit {
    public static let rows = 25

    /// Whether creating one more row must be refused before it is even queued.
    public static func blocksNewRow(existingRows: Int, premiumActive: Bool, limit: Int = rows) -> Bool {
        !premiumActive && existingRows >= limit
    }
}
