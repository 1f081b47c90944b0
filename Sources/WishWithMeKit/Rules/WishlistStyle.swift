/// Why a wishlist's name, description or look cannot be saved.
public enum WishlistValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    case nameEmpty
    case nameTooLong(maximum: Int)
    case descriptionTooLong(maximum: Int)
    case iconEmpty
    case iconTooLong(maximum: Int)
    case unknownIconColor(String)

    public var message: String {
        switch self {
        case .nameEmpty: "Give the wishlist a name."
        case .nameTooLong(let maximum): "Shorten the name to at most \(maximum) characters."
        case .descriptionTooLong(let maximum): "Shorten the description to at most \(maximum) characters."
        case .iconEmpty: "Choose an icon."
        case .iconTooLong(let maximum): "Icon names have at most \(maximum) characters; choose one from the list."
        case .unknownIconColor(let color): "\"\(color)\" is not one of the available colours; pick one from the palette."
        }
    }

    public var description: String { message }
}

/// What a wishlist may look like (spec §7.2): the colour palette both clients offer and
/// the field limits the server suggests.
public enum WishlistStyle {
    public static let nameLengths = 1...100
    public static let maxDescriptionLength = 500
    public static let maxIconLength = 50

    /// The `icon_color` values, in palette order; `primary` is the default.
    public static let iconColors: [String] = [
        "primary", "red", "pink", "purple", "deep-purple", "indigo", "blue", "cyan", "teal", "green", "orange", "brown",
    ]

    /// Name must not be blank; lengths count Unicode scalars, as the server does.
    public static func validateName(_ name: String) throws(WishlistValidationError) {
        guard !name.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { throw .nameEmpty }
        guard name.unicodeScalars.count <= nameLengths.upperBound else {
            throw .nameTooLong(maximum: nameLengths.upperBound)
        }
    }

    public static func validateDescription(_ description: String?) throws(WishlistValidationError) {
        guard let description, description.unicodeScalars.count > maxDescriptionLength else { return }
        throw .descriptionTooLong(maximum: maxDescriptionLength)
    }

    public static func validateIcon(_ icon: String) throws(WishlistValidationError) {
        guard !icon.isEmpty else { throw .iconEmpty }
        guard icon.unicodeScalars.count <= maxIconLength else { throw .iconTooLong(maximum: maxIconLength) }
    }

    public static func validateIconColor(_ color: String) throws(WishlistValidationError) {
        guard iconColors.contains(color) else { throw .unknownIconColor(color) }
    }

    /// Checks every client-editable field of `wishlist`; throws the first problem found.
    public static func validate(_ wishlist: Wishlist) throws(WishlistValidationError) {
        try validateName(wishlist.name)
        try validateDescription(wishlist.description)
        try validateIcon(wishlist.icon)
        try validateIconColor(wishlist.iconColor)
    }
}
