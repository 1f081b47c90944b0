/// What a household without active premium may hold (spec §3.2, W17): rows, not
/// quantities, and only checked when a new row would be created.
enum FreeLimits {
    static let inventoryRows = 25
    static let groceryRows = 25
    static let maxMembers = 8
}
