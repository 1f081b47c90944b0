/// Why a new item cannot be created. Each `message` tells the user what to change.
public enum ItemDraftError: Error, Sendable, Hashable, CustomStringConvertible {
    case linkEmpty
    case linkTooLong(maximum: Int)
    case linkNotWeb
    case linkWithoutHost
    case titleEmpty
    case titleTooLong(maximum: Int)
    case descriptionTooLong(maximum: Int)
    case priceInvalid
    case currencyInvalid(String)
    case quantityBelowOne

    public var message: String {
        switch self {
        case .linkEmpty: "Paste a link to the product page."
        case .linkTooLong(let maximum): "That link is longer than \(maximum) characters; copy a shorter product link."
        case .linkNotWeb: "Use a web link starting with http:// or https://."
        case .linkWithoutHost: "That link has no site name; copy the full address from the browser."
        case .titleEmpty: "Enter a title."
        case .titleTooLong(let maximum): "Shorten the title to at most \(maximum) characters."
        case .descriptionTooLong(let maximum): "Shorten the description to at most \(maximum) characters."
        case .priceInvalid: "Enter a price of 0 or more."
        case .currencyInvalid(let text): "\"\(text)\" is not a currency code; use three letters such as RUB or USD."
        case .quantityBelowOne: "The quantity must be at least 1."
        }
    }

    public var description: String { message }
}
