import Testing
import WishWithMeKit

/// Wishlist look and text limits (spec §7.2).
struct WishlistStyleTests {
    @Test func paletteIsTheSpecListWithPrimaryFirst() {
        #expect(WishlistStyle.iconColors == [
            "primary", "red", "pink", "purple", "deep-purple", "indigo", "blue", "cyan", "teal", "green", "orange", "brown",
        ])
        #expect(WishlistStyle.iconColors.allSatisfy { $0.count <= 20 })
    }

    @Test func newWishlistWithDefaultsIsValid() {
        #expect(throws: Never.self) { try WishlistStyle.validate(Builders.wishlist()) }
    }

    @Test func unknownColourIsRejected() {
        var wishlist = Builders.wishlist()
        wishlist.iconColor = "magenta"
        #expect(throws: WishlistValidationError.unknownIconColor("magenta")) { try WishlistStyle.validate(wishlist) }
    }

    @Test func nameIsOneTo100NonBlank() {
        #expect(throws: WishlistValidationError.nameEmpty) { try WishlistStyle.validateName(" \t") }
        #expect(throws: Never.self) { try WishlistStyle.validateName(String(repeating: "n", count: 100)) }
        #expect(throws: WishlistValidationError.nameTooLong(maximum: 100)) {
            try WishlistStyle.validateName(String(repeating: "n", count: 101))
        }
    }

    @Test func descriptionIsAtMost500() {
        #expect(throws: Never.self) { try WishlistStyle.validateDescription(String(repeating: "d", count: 500)) }
        #expect(throws: WishlistValidationError.descriptionTooLong(maximum: 500)) {
            try WishlistStyle.validateDescription(String(repeating: "d", count: 501))
        }
    }

    @Test func iconNameIsOneTo50() {
        #expect(throws: WishlistValidationError.iconEmpty) { try WishlistStyle.validateIcon("") }
        #expect(throws: Never.self) { try WishlistStyle.validateIcon(String(repeating: "i", count: 50)) }
        #expect(throws: WishlistValidationError.iconTooLong(maximum: 50)) {
            try WishlistStyle.validateIcon(String(repeating: "i", count: 51))
        }
    }
}
