/// A `days` query parameter (W18): absent means `default`; otherwise a whole number 1…365.
enum DayCount {
    static func parse(_ text: String?, default value: Int) throws -> Int {
        guard let text, !text.isEmpty else { return value }
        guard let days = Int(text), (1...365).contains(days) else { throw PantryError.invalidField("days must be a whole number from 1 to 365") }
        return days
    }
}
