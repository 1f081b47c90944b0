/// Why a profile edit cannot be saved. Each `message` tells the user what to change.
public enum ProfileValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    case nameEmpty
    case nameTooLong(maximum: Int)
    case bioTooLong(maximum: Int)
    case slugEmpty
    case slugTooLong(maximum: Int)
    case slugInvalidCharacters
    case unsupportedLocale(String)
    case birthdayMalformed
    case birthdayNotACalendarDate
    case birthdayInFuture

    public var message: String {
        switch self {
        case .nameEmpty: "Enter your name."
        case .nameTooLong(let maximum): "Shorten your name to at most \(maximum) characters."
        case .bioTooLong(let maximum): "Shorten your bio to at most \(maximum) characters."
        case .slugEmpty: "Enter a profile link name, or clear the field."
        case .slugTooLong(let maximum): "Shorten your profile link name to at most \(maximum) characters."
        case .slugInvalidCharacters:
            "Use only lowercase letters a–z, digits and hyphens in your profile link name."
        case .unsupportedLocale(let locale): "The language \"\(locale)\" is not available; choose Russian or English."
        case .birthdayMalformed: "Enter your birthday as YYYY-MM-DD."
        case .birthdayNotACalendarDate: "That birthday is not a real date; check the day and month."
        case .birthdayInFuture: "Your birthday cannot be in the future."
        }
    }

    public var description: String { message }
}
