/// The places a new household starts with (spec §3.6), in this order, all at the root.
enum DefaultLocations {
    static let names = ["Pantry", "Fridge", "Freezer", "Cabinet", "Garage", "Basement", "Other"]
}
