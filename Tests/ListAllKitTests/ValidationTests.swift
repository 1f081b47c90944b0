import Foundation
import ListAllKit
import Testing

/// Editing limits and their messages (spec §1.3, §1.7, §10.9).
struct ValidationTests {
    @Test func listNameIsTrimmedAndRequired() throws {
        #expect(try ListAllValidation.listName("  Groceries \n") == "Groceries")
        #expect(throws: ListAllValidationError.listNameEmpty) { try ListAllValidation.listName(" \u{A0}\t\n") }
        #expect(ListAllValidationError.listNameEmpty.message == "Please enter a list name")
    }

    @Test func listNameOf100GraphemesWithEmojiPasses() throws {
        let name = "👨‍👩‍👧" + String(repeating: "é", count: 98) + "🇫🇮"
        #expect(name.count == 100)
        #expect(name.utf16.count > 100)
        #expect(try ListAllValidation.listName(" " + name + " ") == name)
        #expect(throws: ListAllValidationError.listNameTooLong) { try ListAllValidation.listName(name + "x") }
        #expect(ListAllValidationError.listNameTooLong.message == "List name must be 100 characters or less")
    }

    @Test func itemTitleLimits() throws {
        #expect(try ListAllValidation.itemTitle(" Milk ") == "Milk")
        #expect(try ListAllValidation.itemTitle(String(repeating: "🥛", count: 200)).count == 200)
        #expect(throws: ListAllValidationError.itemTitleEmpty) { try ListAllValidation.itemTitle("\u{2028}") }
        #expect(throws: ListAllValidationError.itemTitleTooLong) {
            try ListAllValidation.itemTitle(String(repeating: "t", count: 201))
        }
        #expect(ListAllValidationError.itemTitleEmpty.message == "Item title cannot be empty")
        #expect(ListAllValidationError.itemTitleTooLong.message == "Item title must be 200 characters or less")
    }

    @Test func descriptionIsTrimmedEmptyBecomesNilAndCappedAt50000() throws {
        #expect(try ListAllValidation.itemDescription("  2% low fat \n") == "2% low fat")
        #expect(try ListAllValidation.itemDescription(" \n ") == nil)
        #expect(try ListAllValidation.itemDescription("") == nil)
        #expect(try ListAllValidation.itemDescription(nil) == nil)
        #expect(try ListAllValidation.itemDescription(String(repeating: "d", count: 50_000))?.count == 50_000)
        #expect(throws: ListAllValidationError.itemDescriptionTooLong) {
            try ListAllValidation.itemDescription(String(repeating: "d", count: 50_001))
        }
        #expect(ListAllValidationError.itemDescriptionTooLong.message == "Item description must be 50,000 characters or less")
    }

    @Test func quantityIsBetween1And9999() throws {
        #expect(try ListAllValidation.itemQuantity(1) == 1)
        #expect(try ListAllValidation.itemQuantity(9999) == 9999)
        #expect(throws: ListAllValidationError.itemQuantityTooSmall) { try ListAllValidation.itemQuantity(0) }
        #expect(throws: ListAllValidationError.itemQuantityTooLarge) { try ListAllValidation.itemQuantity(10_000) }
        #expect(ListAllValidationError.itemQuantityTooSmall.message == "Item quantity must be at least 1")
        #expect(ListAllValidationError.itemQuantityTooLarge.message == "Item quantity must be 9999 or less")
    }

    @Test func imageLimits() throws {
        let fiveMiB = Data(count: 5 * 1024 * 1024)
        #expect(try ListAllValidation.imageData(fiveMiB, existingCount: 9).count == 5_242_880)
        #expect(throws: ListAllValidationError.imageTooLarge) { try ListAllValidation.imageData(fiveMiB + [0], existingCount: 0) }
        #expect(throws: ListAllValidationError.imageDataRequired) { try ListAllValidation.imageData(Data(), existingCount: 0) }
        #expect(throws: ListAllValidationError.imageDataRequired) { try ListAllValidation.imageData(nil, existingCount: 0) }
        #expect(throws: ListAllValidationError.tooManyImages) { try ListAllValidation.imageData(Data([1]), existingCount: 10) }
        #expect(ListAllValidationError.imageTooLarge.message == "Image size must be 5MB or less")
        #expect(ListAllValidationError.imageDataRequired.message == "Image data is required")
        #expect(ListAllValidationError.tooManyImages.message == "An item can have at most 10 images")
    }
}
