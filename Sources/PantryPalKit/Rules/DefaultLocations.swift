/// Spec §3.6: the locations a new household starts with, in this order (their sort order).
public enum DefaultLocations {
    public static let names = ["Pantry", "Fridge", "Freezer", "Cabinet", "Garage", "Basement", "Other"]
}
