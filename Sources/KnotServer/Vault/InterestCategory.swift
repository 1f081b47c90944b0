/// The 40 interest categories a partner's likes and dislikes are chosen from (spec §3.2).
///
/// The one source of truth (Hearth decision 2): validation, and later the stub catalogues
/// and integration mappings, read this list. It is the spec's proposed list until the
/// client's `Constants.swift` is confirmed; strings are Title Case and matched exactly
/// (`Golf` and `travel` are not categories).
enum InterestCategory {
    static let all: [String] = [
        "Travel", "Cooking", "Baking", "Wine", "Coffee", "Cocktails", "Sports", "Fitness", "Yoga", "Running",
        "Hiking", "Cycling", "Camping", "Swimming", "Climbing", "Concerts", "Music", "Theater", "Comedy", "Dancing",
        "Movies", "Family", "Board Games", "Gardening", "Reading", "Writing", "Art", "Photography", "Fashion", "Beauty",
        "Wellness", "Gaming", "Technology", "Pets", "Crafts", "History", "Science", "Nature", "Home Decor", "Volunteering",
    ]

    static let set = Set(all)

    /// The image slug of a category: `Board Games` → `interest-board-games`.
    static func imageSlug(_ category: String) -> String {
        "interest-" + category.lowercased().replacingOccurrences(of: " ", with: "-")
    }
}
